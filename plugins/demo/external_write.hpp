#pragma once

#include <toolhost/plugin.hpp>

namespace toolhost::demo_plugin {

// demo.external_write 1.0.0: records nothing itself and sends nothing
// anywhere. Its structured result {recorded, destination, byte_count,
// checksum} is the record, persisted by the host on the invocation row.
// The content is not echoed to the model (it already has it); the model
// content is the structured result as compact JSON.
sdk::Result external_write(const sdk::Call& call, sdk::Context& context);

}  // namespace toolhost::demo_plugin
