#if os(Linux)
import Dispatch
import Foundation
import Synchronization

/// Persistent helper threads for `Swarm.advance(execution: .concurrent)`: one fewer than the
/// active cores, each parked on a semaphore between frames.
///
/// Why not `dispatch_apply_f`: on Linux it allocates a 64-byte block per call, so a frame could
/// not be allocation-free. Here a frame is two semaphore operations per helper and one atomic
/// add per chunk: no allocation (the task lives on the caller's stack).
///
/// Known cost: the caller waits for every helper to wake, even one that finds no chunk left, so
/// when other processes hold the other cores a frame can wait for a helper's time slice
/// (measured on the loaded 2-core VM: 9.7 ns/bee on two cores against 7.2 on one), where
/// `dispatch_apply_f` waits only for workers that took work. Waiting only for helpers that
/// claimed a chunk needs a per-frame generation in the claim counter: not done yet.
///
/// One frame at a time: a caller that finds the workers busy (another swarm advancing on another
/// thread) gets `false` and runs its frame through `dispatch_apply_f` instead.
final class SwarmWorkers: @unchecked Sendable {
    // `@unchecked Sendable` is justified because: `task` and `count` are written only by the
    // caller holding `busy`, before it signals `start`, and read by the helpers only after they
    // wait on `start` (the semaphore orders the accesses); they are read again only after `done`.

    static let shared = SwarmWorkers(helpers: max(ProcessInfo.processInfo.activeProcessorCount - 1, 0))

    let helpers: Int
    private let busy = Atomic<Bool>(false)
    private let next = Atomic<Int>(0)
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var task: UnsafeRawPointer?
    private var body: (@convention(c) (UnsafeRawPointer, Int) -> Void)?
    private var count = 0

    private init(helpers: Int) {
        self.helpers = helpers
        for index in 0..<helpers {
            let thread = Thread { [unowned self] in self.helperLoop() }
            thread.name = "Swarm worker \(index + 1)"
            thread.start()
        }
    }

    /// Runs `body(task, i)` for every `i` in `0..<count` over the caller and the helpers, and
    /// returns when all are done; `false` (nothing run) when the workers are busy.
    func run(count: Int, task: UnsafeRawPointer, body: @convention(c) (UnsafeRawPointer, Int) -> Void) -> Bool {
        guard busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        self.task = task
        self.body = body
        self.count = count
        next.store(0, ordering: .relaxed)
        for _ in 0..<helpers { start.signal() }
        work()
        for _ in 0..<helpers { done.wait() }
        self.task = nil
        busy.store(false, ordering: .releasing)
        return true
    }

    private func work() {
        guard let task, let body else { return }
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            body(task, index)
        }
    }

    private func helperLoop() {
        while true {
            start.wait()
            work()
            done.signal()
        }
    }
}
#endif
