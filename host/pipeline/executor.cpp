#include "pipeline/executor.hpp"

#include "loader/plugin_call.hpp"

#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace toolhost::pipeline {

void take_result(th_invoke_result& raw, PluginResult& out) {
  static_cast<loader::PluginCallOutput&>(out) = loader::take_call_output(raw);
}

namespace {

// How long each side of the hand-off keeps polling before it sleeps. A tool
// call that returns within the caller's window, or a next call that arrives
// within the worker's, costs two cache-line transfers instead of a futex wake
// and a context switch each way (tens of microseconds on a virtual machine).
// The first few microseconds poll with `pause`; the rest with sched_yield, so
// that on a busy or single core the polling thread gives the core away.
constexpr auto kCallerPoll = std::chrono::microseconds(50);
constexpr auto kWorkerPoll = std::chrono::microseconds(200);
constexpr auto kPausePhase = std::chrono::microseconds(5);
// How often a caller asleep on a sequence looks at the call then running.
constexpr auto kSequenceTick = std::chrono::milliseconds(5);

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

template <class Ready>
bool poll_until(Ready ready, std::chrono::steady_clock::duration budget) {
  if (ready() || budget <= std::chrono::steady_clock::duration::zero()) return ready();
  const auto start = std::chrono::steady_clock::now();
  for (unsigned spins = 1;; ++spins) {
    if (ready()) return true;
    if ((spins & 63) != 0) {
      cpu_relax();
      continue;
    }
    const auto waited = std::chrono::steady_clock::now() - start;
    if (waited >= budget) return ready();
    if (waited >= kPausePhase) ::sched_yield();
  }
}

}  // namespace

// Work handed to a worker. `went_idle` puts the worker back on the idle list;
// a task calls it before its caller can see the last result, so the caller's
// next call finds this (hot) worker instead of starting a thread.
struct ThreadedExecutor::Task {
  virtual ~Task() = default;
  virtual void run_on_worker(const std::function<void()>& went_idle) = 0;
  // How long the worker polls for its next task after this one.
  virtual std::chrono::microseconds poll_after() const { return kWorkerPoll; }
};

namespace {

// Calls the plugin, keeps its result and notes whether it was late.
PluginResult invoke(
    loader::PluginLibrary& plugin, CallContext& context, const InvokeInput& input,
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now()) {
  PluginResult result;
  auto out = loader::call_plugin(plugin.api(),
                                 {input.tool_name, input.tool_version, input.arguments_json,
                                  input.invocation_id, input.session_id},
                                 &context.services);
  if (out.filled) static_cast<loader::PluginCallOutput&>(result) = std::move(out);
  result.returned = true;
  const auto end = std::chrono::steady_clock::now();
  result.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
  // A plugin that noticed its deadline and gave up did not finish in time.
  result.late = end >= context.deadline;
  return result;
}

void abandon(CallContext& context) {
  context.cancelled.store(true, std::memory_order_release);
  context.abandoned.store(true, std::memory_order_release);
}

// The caller's side of "has the worker got this far yet": poll, then sleep.
// The caller publishes what it sleeps for (`waiting_for`) and the worker its
// progress (`done`), both sequentially consistent, so either the caller sees
// the progress before it sleeps, or the worker sees the wait and wakes it
// under its mutex. A worker wakes a sleeping caller only once the progress
// it waits for is reached, not after every call of a sequence.
struct Progress {
  static constexpr size_t kNoWaiter = SIZE_MAX;
  std::atomic<size_t> done{0};
  std::atomic<size_t> waiting_for{kNoWaiter};  // the caller sleeps until done > this
  std::mutex mutex;
  std::condition_variable cv;

  void advance_to(size_t n) {
    done.store(n);
    if (n > waiting_for.load()) {
      std::lock_guard lock(mutex);
      cv.notify_one();
    }
  }

  bool wait_past(size_t i, std::chrono::steady_clock::time_point until,
                 std::chrono::steady_clock::duration poll = kCallerPoll) {
    auto ready = [&] { return done.load(std::memory_order_acquire) > i; };
    if (poll_until(ready, poll)) return true;
    std::unique_lock lock(mutex);
    waiting_for.store(i);
    bool ok = cv.wait_until(lock, until, [&] { return done.load() > i; });
    waiting_for.store(kNoWaiter);
    return ok;
  }
};

}  // namespace

// One call.
struct ThreadedExecutor::Job final : Task {
  std::shared_ptr<loader::PluginLibrary> plugin;
  std::shared_ptr<CallContext> context;
  InvokeInput input;
  PluginResult result;
  Progress progress;

  void run_on_worker(const std::function<void()>& went_idle) override {
    result = invoke(*plugin, *context, input);
    went_idle();
    progress.advance_to(1);
  }
};

// Calls run back to back on one worker. The worker claims each call before
// it starts it; the caller, when a call overruns, takes the unclaimed rest
// back with one compare-and-swap, so no call ever runs twice.
struct ThreadedExecutor::Sequence final : Task {
  static constexpr size_t kStopped = SIZE_MAX;
  std::vector<SequencedCall> calls;
  std::vector<PluginResult> results;
  std::unique_ptr<std::atomic<int64_t>[]> started_ns;  // 0 until claimed
  std::atomic<size_t> next_claim{0};
  Progress progress;

  explicit Sequence(std::vector<SequencedCall> c)
      : calls(std::move(c)),
        results(calls.size()),
        started_ns(new std::atomic<int64_t>[calls.size()]) {
    for (size_t i = 0; i < calls.size(); ++i) started_ns[i].store(0);
  }

  // A sequence is a batch: its caller next commits the batch's records and
  // writes its answers, which takes far longer than the worker should poll.
  std::chrono::microseconds poll_after() const override { return kPausePhase; }

  void run_on_worker(const std::function<void()>& went_idle) override {
    for (;;) {
      size_t i = next_claim.load();
      if (i >= calls.size() || !next_claim.compare_exchange_strong(i, i + 1)) break;
      auto& call = calls[i];
      const auto start = std::chrono::steady_clock::now();
      started_ns[i].store(start.time_since_epoch().count());
      call.context->start_deadline(call.timeout, start);
      results[i] = invoke(*call.plugin, *call.context, call.input, start);
      if (i + 1 == calls.size()) {
        went_idle();
        progress.advance_to(i + 1);
        return;
      }
      progress.advance_to(i + 1);
    }
    went_idle();  // the caller took the rest away
  }
};

// A worker thread with a one-task mailbox. While the worker polls, handing it
// a task takes no lock: `has_task` and `sleeping` are sequentially consistent
// on both sides, so either the worker sees the task before it sleeps, or the
// giver sees it sleeping and wakes it under the mutex.
struct ThreadedExecutor::Worker {
  std::shared_ptr<Task> task;  // written by the giver, then read by the worker
  std::atomic<bool> has_task{false};
  std::atomic<bool> sleeping{false};
  std::mutex mutex;
  std::condition_variable task_cv;

  // Called only while the worker is idle (off every idle list's reach).
  void give(std::shared_ptr<Task> next) {
    task = std::move(next);
    has_task.store(true);
    if (sleeping.load()) {
      std::lock_guard lock(mutex);
      task_cv.notify_one();
    }
  }

  std::shared_ptr<Task> take(std::chrono::microseconds poll) {
    if (!poll_until([this] { return has_task.load(std::memory_order_acquire); }, poll)) {
      std::unique_lock lock(mutex);
      sleeping.store(true);
      task_cv.wait(lock, [this] { return has_task.load(); });
      sleeping.store(false);
    }
    has_task.store(false, std::memory_order_relaxed);
    return std::move(task);
  }
};

struct ThreadedExecutor::Pool {
  // The most recently idle worker (likely still polling) sits in `hot`,
  // reached with one atomic exchange; any others wait in `idle`.
  std::atomic<Worker*> hot{nullptr};
  std::mutex mutex;
  std::vector<Worker*> idle;  // guarded by mutex

  void submit(std::shared_ptr<Task> task) {
    Worker* worker = hot.exchange(nullptr);
    if (worker == nullptr) {
      std::lock_guard lock(mutex);
      if (!idle.empty()) {
        worker = idle.back();
        idle.pop_back();
      }
    }
    if (worker == nullptr) {
      worker = new Worker;  // lives as long as its thread, i.e. the process
      std::thread([this, worker] { work(*worker); }).detach();
    }
    worker->give(std::move(task));
  }

  void went_idle(Worker& self) {
    Worker* empty = nullptr;
    if (hot.compare_exchange_strong(empty, &self)) return;
    // Another worker holds the hot slot; this one is the more recent, so
    // it takes the slot and the other goes to the list.
    Worker* previous = hot.exchange(&self);
    if (previous != nullptr) {
      std::lock_guard lock(mutex);
      idle.push_back(previous);
    }
  }

  void work(Worker& self) {
    const std::function<void()> idle_again = [this, &self] { went_idle(self); };
    auto poll = kWorkerPoll;
    for (;;) {
      const auto task = self.take(poll);
      poll = task->poll_after();
      task->run_on_worker(idle_again);
    }
  }
};

ThreadedExecutor::ThreadedExecutor() : pool_(new Pool) {}
ThreadedExecutor::~ThreadedExecutor() = default;

PluginResult ThreadedExecutor::run(std::shared_ptr<loader::PluginLibrary> plugin,
                                   std::shared_ptr<CallContext> context, InvokeInput input) {
  auto job = std::make_shared<Job>();
  job->plugin = std::move(plugin);
  job->context = context;
  job->input = std::move(input);
  pool_->submit(job);
  if (!job->progress.wait_past(0, context->deadline)) {
    abandon(*context);
    return PluginResult{};  // returned == false
  }
  return std::move(job->result);
}

std::vector<PluginResult> ThreadedExecutor::run_sequence(std::vector<SequencedCall> calls) {
  using Clock = std::chrono::steady_clock;
  std::vector<PluginResult> out(calls.size());
  size_t base = 0;  // index in `out` of the sequence's first call
  while (!calls.empty()) {
    auto seq = std::make_shared<Sequence>(std::move(calls));
    calls.clear();
    pool_->submit(seq);
    const size_t n = seq->calls.size();
    // The caller sleeps until the whole sequence is done, waking every
    // kSequenceTick to look at the call then running: a call that started
    // later can have an earlier deadline, and waking for every call would
    // cost a context switch each. Timeouts are whole seconds, so a deadline
    // is enforced within a fraction of a percent.
    size_t settled = n;      // the leading calls whose results are ours
    size_t resume_from = n;  // where the rest continues on another worker
    size_t current = 0;      // the first call not known to be done
    auto until = Clock::now() + seq->calls[0].timeout;  // bounds the wait for a claim
    while (resume_from == n) {
      // No polling: a sequence runs for longer than a poll would last.
      const auto wake = std::min(until, Clock::now() + kSequenceTick);
      if (seq->progress.wait_past(n - 1, wake, Clock::duration::zero())) break;
      const size_t done = seq->progress.done.load();
      if (done >= n) break;  // finished just after the wait gave up
      if (done > current) {  // a later call is running (or about to be claimed)
        current = done;
        until = Clock::now() + seq->calls[current].timeout;
      }
      const int64_t started = seq->started_ns[current].load();
      const auto now = Clock::now();
      if (started != 0) {
        const auto deadline =
            Clock::time_point(Clock::duration(started)) + seq->calls[current].timeout;
        if (now < deadline) {
          until = deadline;
          continue;
        }
        // Overran: keep the calls after it from this worker.
        size_t expected = current + 1;
        if (seq->next_claim.compare_exchange_strong(expected, Sequence::kStopped)) {
          abandon(*seq->calls[current].context);
          settled = current;
          resume_from = current + 1;
        }
        continue;  // else the worker already moved on: the call is done
      }
      if (now < until) continue;
      size_t expected = current;  // never claimed: its worker is stalled; move it
      if (seq->next_claim.compare_exchange_strong(expected, Sequence::kStopped)) {
        settled = current;
        resume_from = current;
      }
    }
    for (size_t j = 0; j < settled; ++j) out[base + j] = std::move(seq->results[j]);
    // Unclaimed calls belong to us again: the worker stops at kStopped.
    for (size_t j = resume_from; j < n; ++j) calls.push_back(std::move(seq->calls[j]));
    base += resume_from;
  }
  return out;
}

}  // namespace toolhost::pipeline
