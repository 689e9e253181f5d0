import Foundation

// lectern-bench: runs the registered benchmarks and prints one table. See RunOptions.usage.

let options: RunOptions
do {
    options = try RunOptions(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("Error: \(error)\n\n\(RunOptions.usage)\n".utf8))
    exit(64)
}
if options.help {
    print(RunOptions.usage)
    exit(0)
}
exit(BenchmarkRunner(options: options).run())
