#include "loader/plugin_library.hpp"

#include <boost/dll/shared_library.hpp>
#include <cstddef>

namespace toolhost::loader {

PluginLibrary::~PluginLibrary() {
  if (api_ && api_->shutdown) api_->shutdown(api_->self);
  api_ = nullptr;
}

std::string PluginLibrary::manifest() const {
  th_str m = api_->manifest(api_->self);
  return m.data ? std::string(m.data, m.size) : std::string();
}

std::variant<std::shared_ptr<PluginLibrary>, LoadFailure> PluginLibrary::open(
    const std::string& path, uint32_t abi_min, uint32_t abi_max) {
  std::shared_ptr<PluginLibrary> plugin(new PluginLibrary());
  plugin->path_ = path;
  boost::dll::fs::error_code ec;
  // RTLD_LOCAL: one plugin's symbols never satisfy another's.
  plugin->library_ = std::make_unique<boost::dll::shared_library>(
      path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local, ec);
  if (ec || !plugin->library_->is_loaded())
    return LoadFailure{path, "not a loadable shared object: " + ec.message()};
  if (!plugin->library_->has(TOOLHOST_ENTRY_SYMBOL))
    return LoadFailure{path, std::string("not a toolhost plugin: no exported symbol ") +
                                 TOOLHOST_ENTRY_SYMBOL};
  auto entry = plugin->library_->get<std::remove_pointer_t<th_plugin_entry_fn>>(TOOLHOST_ENTRY_SYMBOL);

  th_host_offer offer{};
  offer.struct_size = sizeof(th_host_offer);
  offer.abi_min = abi_min;
  offer.abi_max = abi_max;
  static constexpr char kVersion[] = "0.1.0";
  offer.host_version = th_str{kVersion, sizeof(kVersion) - 1};
  const th_plugin_v1* api = nullptr;
  int32_t status = entry(&offer, &api);
  std::string range = "[" + std::to_string(abi_min) + ", " + std::to_string(abi_max) + "]";
  if (status == TH_ENTRY_ABI_UNSUPPORTED)
    return LoadFailure{path, "unsupported ABI: the plugin implements no ABI version in " + range};
  if (status != TH_ENTRY_OK)
    return LoadFailure{path, "the plugin's entry point failed (status " + std::to_string(status) + ")"};
  if (!api) return LoadFailure{path, "the plugin's entry point returned no function table"};
  if (api->struct_size < offsetof(th_plugin_v1, shutdown))
    return LoadFailure{path, "the plugin's function table is truncated (struct_size " +
                                 std::to_string(api->struct_size) + ")"};
  if (api->abi_version < abi_min || api->abi_version > abi_max)
    return LoadFailure{path, "unsupported ABI: the plugin answered ABI " +
                                 std::to_string(api->abi_version) + ", outside " + range};
  if (!api->manifest || !api->invoke)
    return LoadFailure{path, "the plugin's function table lacks manifest or invoke"};
  plugin->api_ = api;
  return plugin;
}

}  // namespace toolhost::loader
