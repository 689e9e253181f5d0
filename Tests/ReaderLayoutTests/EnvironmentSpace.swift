import ReaderLayout

extension ReaderEnvironment {
    /// iOS versions around each boundary the spec names: 17 (no detection), 18 (detection), 26, 27 (overflow menu), 28.
    static let osVersionsUnderTest = [17, 18, 26, 27, 28]

    /// Every environment over those versions and every value of every other setting (4,800 of them).
    static let everyCombination: [ReaderEnvironment] = {
        var all: [ReaderEnvironment] = []
        for os in osVersionsUnderTest {
            for tabBar in HostTabBar.allCases {
                for placement in NavigationPlacement.allCases {
                    for stack in NavigationStackMode.allCases {
                        for bits in 0..<32 {
                            all.append(
                                ReaderEnvironment(
                                    osVersion: os, tabBar: tabBar, placement: placement, stack: stack,
                                    hasVerticalToolbar: bits & 1 != 0, toolchainHasOverflowMenu: bits & 2 != 0,
                                    signInConfigured: bits & 4 != 0, isSignedIn: bits & 8 != 0,
                                    controlsCollapsed: bits & 16 != 0
                                )
                            )
                        }
                    }
                }
            }
        }
        return all
    }()

    /// A copy with one change.
    func with(_ change: (inout ReaderEnvironment) -> Void) -> ReaderEnvironment {
        var copy = self
        change(&copy)
        return copy
    }
}
