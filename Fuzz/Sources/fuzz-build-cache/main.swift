import CLibFuzzer
import Foundation

// SwiftPM links a Swift executable's top-level code as its `main`, so libFuzzer's own `main` is never linked; this
// does what it does: hand the command line to libFuzzer's driver with the function under test.
var arguments = CommandLine.argc
var argumentVector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentVector) { data, size in fuzzBuildCache(data!, size) })
