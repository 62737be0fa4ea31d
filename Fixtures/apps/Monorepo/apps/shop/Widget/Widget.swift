import Foundation

struct WidgetEntry {
    var date: Date
}
