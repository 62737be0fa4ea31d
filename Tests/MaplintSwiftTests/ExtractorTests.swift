import Testing
@testable import MaplintSwift
