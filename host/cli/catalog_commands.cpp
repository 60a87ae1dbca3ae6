#include <boost/json.hpp>
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/text_table.hpp"

namespace toolhost::cli {

namespace json = boost::json;

namespace {

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

int run_list(const GlobalOptions& global, bool as_json, bool verbose) {
  int code = kExitOk;
  auto host = load_host(global, code);
  if (!host) return code;
  if (as_json) {
    json::array tools;
    for (const auto& spec : host->catalog.all()) tools.push_back(spec.to_json());
    json::object listing{{"tools", std::move(tools)}};
    if (verbose) {
      json::array withheld;
      for (const auto& w : host->withheld) withheld.push_back({{"tool", w.tool}, {"reason", w.reason}});
      listing["withheld"] = std::move(withheld);
    }
    std::cout << json::serialize(listing) << "\n";
    return kExitOk;
  }
  TextTable table({"NAME", "VERSION", "SIDE_EFFECT", "RISK", "IDEMPOTENCY", "TRUST", "SCOPES",
                   "TIMEOUT", "MAX_OUTPUT", "SOURCE"});
  for (const auto& s : host->catalog.all()) {
    table.add({s.name, s.version, s.side_effect, s.risk, s.idempotency, s.output_trust,
               s.required_scopes.empty() ? "-" : join(s.required_scopes, ","),
               std::to_string(s.timeout_s) + "s", std::to_string(s.max_output_bytes), s.source});
  }
  table.print(std::cout);
  if (verbose)
    for (const auto& w : host->withheld) std::cout << "withheld: " << w.tool << ": " << w.reason << "\n";
  return kExitOk;
}

int run_describe(const GlobalOptions& global, const std::string& ref_text, bool as_json) {
  int code = kExitOk;
  auto host = load_host(global, code);
  if (!host) return code;
  auto resolution = host->catalog.resolve(registry::ToolRef::parse(ref_text));
  if (!resolution.spec) {
    std::cerr << "toolhost: describe: " << resolution.detail << "\n";
    return kExitUsage;
  }
  const auto& s = *resolution.spec;
  if (as_json) {
    std::cout << json::serialize(s.to_json()) << "\n";
    return kExitOk;
  }
  std::cout << s.name << "@" << s.version << (s.title.empty() ? "" : "  " + s.title) << "\n\n"
            << s.description << "\n\n";
  TextTable fields({"FIELD", "VALUE"});
  fields.add({"versions", join(host->catalog.versions(s.name), ", ")});
  fields.add({"kind", s.kind});
  fields.add({"source", s.source});
  fields.add({"target_kind", s.target_kind});
  fields.add({"side_effect", s.side_effect});
  fields.add({"risk", s.risk});
  fields.add({"idempotency", s.idempotency});
  fields.add({"output_trust", s.output_trust});
  fields.add({"required_scopes", s.required_scopes.empty() ? "-" : join(s.required_scopes, ", ")});
  fields.add({"timeout_s", std::to_string(s.timeout_s)});
  fields.add({"max_output_bytes", std::to_string(s.max_output_bytes)});
  fields.add({"allow_parallel", s.allow_parallel ? "true" : "false"});
  fields.add({"deprecated", s.deprecated ? "true" : "false"});
  fields.add({"plugin", s.origin});
  fields.print(std::cout);
  std::cout << "\ninput_schema:  " << json::serialize(s.input_schema)
            << "\noutput_schema: " << json::serialize(s.output_schema) << "\n";
  return kExitOk;
}

int run_check(const GlobalOptions& global, bool as_json) {
  int code = kExitOk;
  auto host = load_host(global, code);
  if (!host) return code;
  std::set<std::string> plugins;
  for (const auto& s : host->catalog.all()) plugins.insert(s.origin);
  if (as_json) {
    std::cout << json::serialize(json::object{{"ok", true},
                                               {"tools", host->catalog.names().size()},
                                               {"versions", host->catalog.size()},
                                               {"plugins", plugins.size()}})
              << "\n";
  } else {
    std::cout << "ok: " << host->catalog.size() << " tool versions (" << host->catalog.names().size()
              << " tools) from " << plugins.size() << " plugins passed all seven registration steps\n";
  }
  return kExitOk;
}

}  // namespace

void add_catalog_commands(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  // Option values live as long as the application (the callbacks run during parse).
  struct Values {
    bool list_json = false, list_verbose = false, describe_json = false, check_json = false;
    std::string tool;
  };
  auto v = std::make_shared<Values>();

  auto* list = app.add_subcommand("list", "List every registered tool version");
  list->add_flag("--json", v->list_json, "Print {\"tools\": [ToolSpec...]} with every field");
  list->add_flag("--verbose", v->list_verbose,
                 "Also print the tool versions withheld because a credential does not resolve");
  list->callback(
      [&global, &exit_code, v] { exit_code = run_list(global, v->list_json, v->list_verbose); });

  auto* describe =
      app.add_subcommand("describe", "Show one tool version: classification, limits, schemas");
  describe->add_option("tool", v->tool, "NAME or NAME@VERSION (unversioned: the latest active version)")
      ->required();
  describe->add_flag("--json", v->describe_json, "Print the ToolSpec as JSON");
  describe->callback(
      [&global, &exit_code, v] { exit_code = run_describe(global, v->tool, v->describe_json); });

  auto* check = app.add_subcommand(
      "check", "Load every plugin and run registration only; exit 0 or print the refusal");
  check->add_flag("--json", v->check_json, "Print a JSON summary");
  check->callback([&global, &exit_code, v] { exit_code = run_check(global, v->check_json); });
}

}  // namespace toolhost::cli
