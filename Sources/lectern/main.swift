import Foundation
import LecternCLI

exit(LecternCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process))
