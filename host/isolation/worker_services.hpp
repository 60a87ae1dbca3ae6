// Worker side of the service table: every th_host_services function sends a
// service_call frame to the host and blocks for its reply, so a plugin in a
// worker sees exactly the services it would see in process.
#pragma once

#include <toolhost/plugin.h>

namespace toolhost::isolation {

// The table for one worker whose protocol socket is `fd`. When the host is
// gone (no reply), the worker exits at once: nobody is waiting for it.
th_host_services make_worker_services(int fd);

}  // namespace toolhost::isolation
