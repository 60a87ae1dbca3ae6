// sandbox.run_command: a thin client of the host's sandbox_run service. It
// checks its arguments, asks the host to run the command, and renders what
// came back; it never starts a process itself (plugins read no ambient
// state and open nothing of their own).
#pragma once

#include <toolhost/plugin.hpp>

namespace toolhost::sandbox_plugin {

sdk::Result run_command(const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::sandbox_plugin
