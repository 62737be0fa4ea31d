import Foundation
import MaplintCLI

// The whole command line, with Swift sources read here; `maplint` hands those runs to it. The
// marker it sets for the hand-over goes no further.
unsetenv(SwiftSources.handedOverVariable)
SwiftSources.reader = SwiftSyntaxReader()
Maplint.main()
