import MaplintCLI

// Without swift-syntax: `extract` and `lint --swift` run in `maplint-swift` (see `SwiftSources`).
SwiftSources.handOver()
Maplint.main()
