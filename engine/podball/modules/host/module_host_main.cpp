// playbench-module-host: runs one Podball team module library in its own process for Playbench
// (engine/podball/modules/module_host.hpp, engine/podball/modules/host/module_host.cpp). Started by Playbench, never by hand.
#include "engine/podball/modules/module_host.hpp"

int main(int argc, char** argv) { return pb::podball::module_host_main(argc, argv); }
