/// Told how far a long piece of work has got: `lint`'s progress line on a terminal.
package protocol ProgressObserver: Sendable {
    /// `total` steps (each one of `noun`, such as "files") are about to be done, each then
    /// reported by `advance()`.
    func begin(total: Int, of noun: String)
    /// One more step done. May be called from several threads at once.
    func advance()
}
