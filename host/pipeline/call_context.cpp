#include "pipeline/call_context.hpp"

#include <iostream>
#include <mutex>

namespace toolhost::pipeline {

namespace {

std::atomic<int> g_min_log_level{TH_LOG_WARNING};

CallContext* context_of(void* host) {
  return static_cast<CallContext*>(host);
}

CallContext* live_context(void* host) {
  auto* c = context_of(host);
  return (c && !c->abandoned.load(std::memory_order_acquire)) ? c : nullptr;
}

workspace::WorkspaceCallContext* workspace_of(void* host) {
  auto* c = live_context(host);
  return c ? &c->workspace : nullptr;
}

artifacts::ArtifactCallContext* artifacts_of(void* host) {
  auto* c = live_context(host);
  return c ? &c->artifacts : nullptr;
}

sandbox::SandboxCallContext* sandbox_of(void* host) {
  auto* c = live_context(host);
  return c ? &c->sandbox : nullptr;
}

int64_t clock_now(void* host) {
  return context_of(host)->clock->now_utc_us();
}

int32_t is_cancelled(void* host) {
  auto* c = context_of(host);
  if (c->cancelled.load(std::memory_order_acquire)) return 1;
  return std::chrono::steady_clock::now() >= c->deadline ? 1 : 0;
}

int64_t deadline_remaining(void* host) {
  auto left = context_of(host)->deadline - std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::microseconds>(left).count();
}

void log_line(void* host, int32_t level, th_str message) {
  if (level < g_min_log_level.load()) return;
  static std::mutex mutex;
  static const char* const kLevels[] = {"debug", "info", "warning", "error"};
  const char* name = (level >= 0 && level <= 3) ? kLevels[level] : "log";
  std::lock_guard lock(mutex);
  std::cerr << "toolhost: " << context_of(host)->tool_id << ": " << name << ": "
            << std::string_view(message.data ? message.data : "", message.data ? message.size : 0)
            << "\n";
}

int32_t credential_lookup(void* host, th_str name, th_sink out) {
  auto* c = live_context(host);
  if (!c) return TH_SERVICE_CANCELLED;
  if (!c->credentials) return TH_SERVICE_UNAVAILABLE;
  auto secret = c->credentials->lookup(std::string_view(name.data ? name.data : "", name.size));
  if (!secret) return TH_SERVICE_NOT_FOUND;
  if (out.write) out.write(out.context, secret->data(), secret->size());
  return TH_SERVICE_OK;
}

struct ResolverInstaller {
  ResolverInstaller() { artifacts::set_artifact_context_resolver(&artifacts_of); }
};

}  // namespace

void grant_sandbox(CallContext& context) {
  context.sandbox.workspace = context.workspace_handle.get();
  context.sandbox.call_deadline = context.deadline;
  context.sandbox.cancelled = [c = &context] {
    return c->cancelled.load(std::memory_order_acquire) ||
           c->abandoned.load(std::memory_order_acquire);
  };
  sandbox::bind_sandbox_service<&sandbox_of>(context.services);
}

void set_plugin_log_level(int minimum_level) {
  g_min_log_level = minimum_level;
}

std::shared_ptr<CallContext> make_call_context(
    const clock::Clock& clock, const credentials::CredentialSource& credentials,
    std::shared_ptr<workspace::WorkspaceHandle> workspace,
    std::chrono::steady_clock::time_point deadline) {
  static ResolverInstaller install_once;
  auto c = std::make_shared<CallContext>();
  c->clock = &clock;
  c->credentials = &credentials;
  c->deadline = deadline;
  c->workspace_handle = std::move(workspace);
  c->workspace.handle = c->workspace_handle.get();
  auto& s = c->services;
  s.struct_size = sizeof(th_host_services);
  s.host = c.get();
  s.clock_now_utc_us = &clock_now;
  s.is_cancelled = &is_cancelled;
  s.deadline_remaining_us = &deadline_remaining;
  s.log = &log_line;
  s.credential_lookup = &credential_lookup;
  workspace::bind_workspace_services<&workspace_of>(s);
  artifacts::bind_artifact_services(s);
  return c;
}

}  // namespace toolhost::pipeline
