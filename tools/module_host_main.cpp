// playbench-module-host: runs one Podball team module library in its own process for Playbench
// (engine/podball/module_host.hpp). Started by Playbench, never by hand.
#include "engine/podball/module_host.hpp"

// Under AddressSanitizer (the sanitizer build), a module's segmentation fault must end the host
// by the signal, as in a normal build, not by ASan's report and exit(1): Playbench names the
// signal. ASan reads this hook before ASAN_OPTIONS; a normal build never calls it.
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() { return "handle_segv=0:handle_sigbus=0:handle_abort=0:detect_leaks=0"; }

int main(int argc, char** argv) { return pb::podball::module_host_main(argc, argv); }
