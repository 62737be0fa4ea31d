import Foundation

struct Author {
    let name: String
    var isVerified: Bool
}

extension Author: Equatable {}
