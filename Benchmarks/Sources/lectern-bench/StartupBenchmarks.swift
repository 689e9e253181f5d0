import Foundation
import Lectern

#if canImport(Glibc)
    import Glibc
#endif

/// What a command pays before it does anything: `lectern --version` and `lectern search WORD` as whole
/// processes, the binary built as the README's Install section builds it (`--static-swift-stdlib`) and as a
/// plain release build, beside the floor: a program that only imports Foundation, linked both ways. The
/// programs are run in turn, round after round, so that the load of the machine falls on every row alike.
enum StartupBenchmarks {
    /// The floor program: imports Foundation, prints one line.
    static let floorSource = """
        import Foundation

        print(ProcessInfo.processInfo.processName.isEmpty ? "" : "floor")

        """

    /// Spawns in a row that make one sample (the sample is their mean): start-up is a few milliseconds.
    static let spawnsPerSample = 20

    /// The word searched (in eng-web, stored once per run).
    static let word = "shepherd"

    /// Registers the start-up rows (one benchmark, six rows measured together).
    static func register(in registry: inout BenchmarkRegistry) {
        registry.register(
            "startup", "Start-up: lectern --version and lectern search WORD, static and dynamic, beside a "
                + "Foundation-only program (ms per process)"
        ) { context in try rows(context) }
    }

    private struct Program {
        var identity: RowIdentity
        var executable: String
        var arguments: [String]
    }

    private static func rows(_ context: BenchmarkContext) throws -> [BenchmarkResult] {
        let statically = try staticLectern(context)
        let dynamically = try LecternWorkloads.executable(context)
        let floors = try floorPrograms(context)
        // The store file is LIBRARY/versions/1.lectern.
        let library = URL(fileURLWithPath: try StoreBenchmarks.storedWeb(context).path)
            .deletingLastPathComponent().deletingLastPathComponent().path
        let search = ["search", word, "--library", library]
        func lectern(_ name: String, _ workload: String, _ binary: String, _ how: String, _ arguments: [String])
            -> Program
        {
            Program(
                identity: LecternWorkloads.row(
                    "startup/\(name)", "\(workload), \(how)", .wholeProcess,
                    "lectern \(arguments.prefix(2).joined(separator: " ")), \(how)"),
                executable: binary, arguments: arguments)
        }
        func floor(_ name: String, _ binary: String, _ how: String) -> Program {
            Program(
                identity: RowIdentity(
                    benchmark: "startup/\(name)", workload: "Start-up floor: imports Foundation, \(how)",
                    mode: .wholeProcess,
                    implementation: Implementation(name: "Swift", version: swiftVersion, invocation: how)),
                executable: binary, arguments: [])
        }
        let programs = [
            lectern("version-static", "Start-up: lectern --version", statically, "--static-swift-stdlib", ["--version"]),
            lectern("version-dynamic", "Start-up: lectern --version", dynamically, "plain release build", ["--version"]),
            lectern("search-static", "Start-up: lectern search \(word) (eng-web)", statically, "--static-swift-stdlib", search),
            lectern("search-dynamic", "Start-up: lectern search \(word) (eng-web)", dynamically, "plain release build", search),
            floor("floor-static", floors.static, "swiftc -O -static-stdlib"),
            floor("floor-dynamic", floors.dynamic, "swiftc -O"),
        ]
        var samples = Array(repeating: [Double](), count: programs.count)
        var processorTimes = Array(repeating: [Double](), count: programs.count)
        for round in 0..<(context.options.warmup + context.options.repetitions) {
            for (index, program) in programs.enumerated() {
                var (wall, processor) = (0.0, 0.0)
                for _ in 0..<spawnsPerSample {
                    let spent = try spawn(program.executable, program.arguments)
                    wall += spent.wall
                    processor += spent.processor
                }
                if round >= context.options.warmup {
                    samples[index].append(wall / Double(spawnsPerSample) * 1000)
                    processorTimes[index].append(processor / Double(spawnsPerSample) * 1000)
                }
            }
        }
        return programs.indices.map { index in
            let processor = processorTimes[index].sorted()[processorTimes[index].count / 2]
            return BenchmarkResult(
                programs[index].identity, unit: .milliseconds, statistics: Statistics(samples[index]),
                peakMemoryBytes: nil,
                notes: [
                    "each sample the mean of \(spawnsPerSample) processes, rows in turn each round; CPU (user + "
                        + "system) median \(String(format: "%.2f", processor)) ms"
                ])
        }
    }

    /// Seconds from spawning `executable` to its exit, and the processor seconds it used (user and system),
    /// its output thrown away; throws when it fails.
    private static func spawn(_ executable: String, _ arguments: [String]) throws -> (wall: Double, processor: Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ProcessError(description: "cannot start \(executable): errno \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard status == 0 else { throw ProcessError(description: "\(executable) \(arguments) exited with \(status)") }
        func time(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        return (seconds, time(usage.ru_utime) + time(usage.ru_stime))
    }

    /// The `lectern` the README's Install section builds (`swift build -c release --static-swift-stdlib
    /// -Xlinker -no-pie --product lectern` in the package), built once per run unless the one there already
    /// links the Swift runtime statically (no `libswiftCore.so` among its libraries).
    static func staticLectern(_ context: BenchmarkContext) throws -> String {
        try context.fixture("startup/static-lectern") {
            let root = RunOptions.packageRoot.path
            let binary = root + "/.build/release/lectern"
            if FileManager.default.isExecutableFile(atPath: binary), try !linksSwiftRuntime(binary) { return binary }
            context.log("building lectern with --static-swift-stdlib, as the README installs it")
            let outcome = try ProcessRunner.run(
                "/usr/bin/env",
                [
                    "swift", "build", "-c", "release", "--static-swift-stdlib", "-Xlinker", "-no-pie", "--product",
                    "lectern", "--package-path", root,
                ])
            guard outcome.status == 0, try !linksSwiftRuntime(binary) else {
                throw ProcessError(description: "cannot build a static lectern: \(outcome.standardError.suffix(300))")
            }
            return binary
        }
    }

    /// Whether `binary` loads the Swift runtime as a shared library (`ldd` names `libswiftCore.so`).
    private static func linksSwiftRuntime(_ binary: String) throws -> Bool {
        let outcome = try ProcessRunner.run("/usr/bin/ldd", [binary])
        return outcome.standardOutput.contains("libswiftCore.so")
    }

    /// The floor program compiled both ways, once per run, in a temporary folder.
    private static func floorPrograms(_ context: BenchmarkContext) throws -> (static: String, dynamic: String) {
        try context.fixture("startup/floor") {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lectern-bench-floor").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let source = folder + "/floor.swift"
            try Data(floorSource.utf8).write(to: URL(fileURLWithPath: source))
            var built: [String] = []
            for (name, flags) in [("floor-static", ["-static-stdlib"]), ("floor-dynamic", [])] {
                let output = folder + "/" + name
                let outcome = try ProcessRunner.run("/usr/bin/env", ["swiftc", "-O"] + flags + [source, "-o", output])
                guard outcome.status == 0 else {
                    throw ProcessError(description: "cannot compile the floor: \(outcome.standardError.suffix(300))")
                }
                built.append(output)
            }
            return (built[0], built[1])
        }
    }

    /// `swiftc --version`'s first line, for the floor rows.
    private static var swiftVersion: String {
        let outcome = try? ProcessRunner.run("/usr/bin/env", ["swiftc", "--version"])
        let line = outcome?.standardOutput.split(separator: "\n").first.map(String.init) ?? "unknown"
        return line.replacingOccurrences(of: "Swift version ", with: "")
    }
}
