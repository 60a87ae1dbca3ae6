#include "conformance/plugin_under_test.hpp"

#include <unistd.h>

#include "loader/manifest.hpp"

namespace toolhost::conformance {

namespace fs = std::filesystem;

std::vector<registry::Candidate> candidates_of(const std::string& manifest,
                                               const std::string& origin,
                                               tables::PartitionTable& partition,
                                               std::string* error) {
  std::vector<registry::Candidate> candidates;
  if (auto err = loader::read_manifest(manifest, origin, false, candidates)) {
    *error = *err;
    return {};
  }
  for (const auto& c : candidates) {
    const auto* o = c.spec.if_object();
    if (!o) continue;
    const auto* source = o->if_contains("source");
    const auto* name = o->if_contains("name");
    if (source && source->is_string() && source->as_string() == "PLUGIN" && name &&
        name->is_string()) {
      std::string_view n = name->as_string();
      partition.add_plugin_domain(std::string(n.substr(0, n.find('.'))));
    }
  }
  return candidates;
}

std::unique_ptr<PluginUnderTest> PluginUnderTest::open(const SuiteOptions& options,
                                                       std::string* error) {
  std::unique_ptr<PluginUnderTest> p(new PluginUnderTest());
  auto opened = loader::PluginLibrary::open(options.plugin_path);
  if (auto* failure = std::get_if<loader::LoadFailure>(&opened)) {
    *error = failure->cause;
    return nullptr;
  }
  p->library_ = std::get<std::shared_ptr<loader::PluginLibrary>>(opened);
  p->host_ = std::make_unique<startup::LoadedHost>();
  p->host_->partition = tables::PartitionTable::builtin();
  p->host_->policy = tables::PolicyMatrix::builtin();
  auto candidates =
      candidates_of(p->library_->manifest(), options.plugin_path, p->host_->partition, error);
  if (!error->empty()) return nullptr;
  auto outcome = registry::register_tools(candidates, {p->host_->partition, *p->host_->messages});
  if (!outcome.ok()) {
    *error = "registration refused: " + outcome.refusals.front().line();
    return nullptr;
  }
  bool third_party = false;
  for (const auto& s : outcome.specs) third_party = third_party || s.source == "PLUGIN";
  for (const auto& s : outcome.specs)
    p->host_->implementations[s.id()] =
        startup::ToolImplementation{p->library_, third_party, true, false, options.plugin_path};
  p->host_->catalog = registry::Catalog(std::move(outcome.specs));

  static int counter = 0;
  p->scratch_ = fs::temp_directory_path() / ("toolhost-conformance-" + std::to_string(::getpid()) +
                                             "-" + std::to_string(counter++));
  fs::remove_all(p->scratch_);
  fs::create_directories(p->scratch_ / "workspace");
  store::DatabaseOptions db_options;
  db_options.state_dir = p->scratch_ / "state";
  auto db = store::Database::open(db_options);
  if (!db) {
    *error = "scratch state store: " + db.status().message;
    return nullptr;
  }
  p->db_ = std::move(*db);
  p->executor_ = std::make_shared<CountingExecutor>();
  pipeline::PipelineOptions pipeline_options;
  pipeline_options.executor_override = p->executor_;
  p->pipeline_ = std::make_unique<pipeline::Pipeline>(*p->host_, *p->db_, p->ids_, p->clock_,
                                                      p->credentials_, pipeline_options);
  return p;
}

PluginUnderTest::~PluginUnderTest() {
  pipeline_.reset();
  db_.reset();
  std::error_code ec;
  if (!scratch_.empty()) fs::remove_all(scratch_, ec);
}

pipeline::CallOutcome PluginUnderTest::call(const registry::ToolSpec& spec,
                                            const std::string& arguments_json) {
  pipeline::CallRequest r;
  r.tool = registry::ToolRef{spec.name, spec.version};
  r.arguments_json = arguments_json;
  r.workspace_dir = (scratch_ / "workspace").string();
  r.approve_inline = true;
  return pipeline_->call(r);
}

std::optional<std::string> PluginUnderTest::why_not_callable(const registry::ToolSpec& spec) const {
  if (spec.side_effect == "EXTERNAL_WRITE" || spec.side_effect == "CODE_EXECUTION")
    return "side_effect " + spec.side_effect + " reaches outside the scratch workspace";
  if (host_->policy.decide(spec.side_effect, spec.risk) == tables::PolicyDecision::deny)
    return "the policy matrix denies " + spec.side_effect + "/" + spec.risk;
  return std::nullopt;
}

}  // namespace toolhost::conformance
