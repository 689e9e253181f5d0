import CMemory
import Foundation
import LecternCLI

// An import frees each chapter's document model once it is encoded. With glibc's threshold for mapping a block
// on its own raised as large blocks are freed, those blocks were kept in the heap and showed as peak resident
// memory; a fixed threshold of 256 KB gives them back (peak RSS of an import, hbo-uhb-usx 170 → 156 MB,
// hbo-wlc-usfm 141 → 124 MB), for some 5–10 % more time in page faults (hbo-uhb-usx 380 → 417 ms).
_ = lectern_set_mmap_threshold(256 << 10)

exit(LecternCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process))
