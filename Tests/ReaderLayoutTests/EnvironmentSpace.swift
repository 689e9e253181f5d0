import ReaderLayout

extension ReaderEnvironment {
    /// iOS versions around each boundary the spec names: 17 (no detection), 18 (detection), 26, 27 (overflow menu), 28.
    static let osVersionsUnderTest = [17, 18, 26, 27, 28]

    /// Every consistent environment over the original settings (3,600), then every host setting — tab bar
    /// state, host stack and its bar, limited space — over the tab bars, stack modes and vertical toolbar on
    /// iOS 18 and 26 (1,440): 5,040 in all, resolved in well under a second.
    static let everyCombination: [ReaderEnvironment] = everyReaderCombination + everyHostCombination

    /// The host variants: none; a stack with its bar; hidden by the app; with a Back button and a title.
    static let hostVariants: [@Sendable (inout ReaderEnvironment) -> Void] = [
        { _ in },
        { $0.hostStack = true },
        {
            $0.hostStack = true
            $0.hostBarHidden = true
        },
        {
            $0.hostStack = true
            $0.hostBackButton = true
            $0.hostTitle = true
        },
    ]

    /// The host settings over tab bars, stack modes and vertical toolbars.
    static let everyHostCombination: [ReaderEnvironment] = {
        var all: [ReaderEnvironment] = []
        for os in [18, 26] {
            for tabBar in HostTabBar.allCases {
                for state in TabBarState.allCases {
                    for stack in NavigationStackMode.allCases {
                        for host in hostVariants {
                            for bits in 0..<4 {
                                var environment = ReaderEnvironment(
                                    osVersion: os, tabBar: tabBar, stack: stack, hasVerticalToolbar: bits & 1 != 0,
                                    tabBarState: state, limitedSpace: bits & 2 != 0)
                                host(&environment)
                                all.append(environment)
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    /// Every consistent environment over the original settings (signed in only where sign-in is configured).
    static let everyReaderCombination: [ReaderEnvironment] = {
        var all: [ReaderEnvironment] = []
        for os in osVersionsUnderTest {
            for tabBar in HostTabBar.allCases {
                for placement in NavigationPlacement.allCases {
                    for stack in NavigationStackMode.allCases {
                        for bits in 0..<32 where bits & 8 == 0 || bits & 4 != 0 {
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
