/// The store workloads: whole import, opening a version, reading a chapter. Their rows say what is
/// missing until the store lands.
enum StoreBenchmarks {
    /// The workloads, as `(name, workload label, unit)`.
    static let workloads: [(name: String, label: String, unit: FigureUnit)] = [
        ("import", "Import eng-web-usfm (parse, normalise, index, write)", .milliseconds),
        ("open-version", "Open a version (eng-web)", .milliseconds),
        ("read-chapter", "Read a chapter (eng-web)", .milliseconds),
    ]

    /// Registers one Lectern row per workload.
    static func register(in registry: inout BenchmarkRegistry) {
        for workload in workloads {
            let name = "\(workload.name)/lectern"
            registry.register(name, "Lectern: \(workload.label) (\(workload.unit.rawValue))") { _ in
                let identity = LecternWorkloads.row(name, workload.label, .inProcess, "store")
                return [BenchmarkResult(identity, unit: workload.unit, unavailable: LecternWorkloads.storeMissing)]
            }
        }
    }
}
