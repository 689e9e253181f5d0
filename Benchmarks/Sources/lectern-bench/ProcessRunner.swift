import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How one whole process ran: its exit, its wall time, its peak memory and what it printed.
struct ProcessOutcome {
    /// The exit status, or 128 + the signal number when a signal ended it.
    var status: Int32
    /// Wall-clock seconds from spawn to exit.
    var seconds: Double
    /// The child's peak resident set in bytes, or nil when it could not be told apart from the runner's.
    var peakMemoryBytes: Int?
    /// Its standard output, as bytes.
    var standardOutputData: Data
    /// Its standard error.
    var standardError: String
}

extension ProcessOutcome {
    /// Its standard output as UTF-8 text.
    var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
}

/// A failure to start a process.
struct ProcessError: Error, CustomStringConvertible {
    /// What failed.
    var description: String
}

/// Runs whole processes under the clock with posix_spawn.
///
/// Linux carries a process's peak RSS across exec, so a child spawned straight from this runner
/// reports at least the runner's own memory (hundreds of MB once a parsed Bible is held). The child
/// is therefore started through GNU time (`/usr/bin/time -f %M`, Debian package `time`), a small
/// process whose own child's peak is the program's; without it no peak is reported.
enum ProcessRunner {
    /// GNU time, when installed.
    static let gnuTime: String? = FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

    /// Runs `executable` with `arguments`, capturing its output in temporary files.
    static func run(_ executable: String, _ arguments: [String]) throws -> ProcessOutcome {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("lectern-bench-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let memoryPath = scratch.appendingPathComponent("peak").path
        let command = gnuTime.map { [$0, "-f", "%M", "-o", memoryPath, executable] } ?? [executable]
        let argv: [UnsafeMutablePointer<CChar>?] = (command + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ProcessError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw ProcessError(description: "waitpid failed for \(executable)") }
        }
        let seconds = (clock.now - start).inSeconds
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return ProcessOutcome(
            status: exitStatus,
            seconds: seconds,
            peakMemoryBytes: (try? String(contentsOfFile: memoryPath, encoding: .utf8))
                .flatMap { Int($0.split(separator: "\n").last { !$0.isEmpty } ?? "") }.map { $0 * 1024 },
            standardOutputData: (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data(),
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// Runs a process `warmup` times untimed, then `repetitions` times timed; fails on a non-zero exit.
    ///
    /// - Returns: the timed outcomes, in order.
    static func samples(
        _ executable: String, _ arguments: [String], warmup: Int, repetitions: Int
    ) throws -> [ProcessOutcome] {
        var outcomes: [ProcessOutcome] = []
        for round in 0..<(max(warmup, 0) + max(repetitions, 1)) {
            let outcome = try run(executable, arguments)
            guard outcome.status == 0 else {
                let detail = outcome.standardError.split(separator: "\n").suffix(3).joined(separator: " | ")
                throw ProcessError(
                    description: "\((executable as NSString).lastPathComponent) exited \(outcome.status): \(detail)")
            }
            if round >= warmup { outcomes.append(outcome) }
        }
        return outcomes
    }
}
