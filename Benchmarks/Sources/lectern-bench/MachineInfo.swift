import Foundation

/// The machine a run was made on, for the README and the JSON.
struct MachineInfo: Codable {
    /// The processor's model name (`/proc/cpuinfo`).
    var processor: String
    /// Online cores.
    var cores: Int
    /// Physical memory in bytes.
    var memoryBytes: UInt64
    /// The kernel and OS (`uname`).
    var system: String

    /// Reads the current machine.
    static func current() -> MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        var name = utsname()
        uname(&name)
        let field = { (value: Any) -> String in
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return MachineInfo(
            processor: model, cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            system: "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))")
    }

    /// `AMD EPYC, 2 cores, 24 GB, Linux 6.1.0 x86_64`.
    var summary: String {
        "\(processor), \(cores) cores, \(String(format: "%.0f", Double(memoryBytes) / 1_073_741_824)) GiB, \(system)"
    }
}
