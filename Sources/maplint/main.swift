import MaplintCLI

// The whole run happens on a thread with a large stack: swift-syntax parses nested expressions
// and types by recursion, and so do the visitors that read its trees. The Swift reader refuses
// files beyond `SwiftNesting`'s limits before parsing or walking them; this stack holds
// everything within them with room to spare (docs/limits-and-safety.md). The memory is reserved,
// not used: only the pages a run touches are ever given to it.
MainThread.run(stackSize: MainThread.stackSize) {
    Maplint.runAndExit()
}
