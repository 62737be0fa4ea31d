import MaplintCLI

// The whole command line, with Swift sources read here; `maplint` hands those runs to it.
SwiftSources.reader = SwiftSyntaxReader()
Maplint.main()
