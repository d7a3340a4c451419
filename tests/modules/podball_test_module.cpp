// A Podball team module for the engine tests, compiled once per variant (CMakeLists.txt): a
// well-behaved stateful one, and one per way a third-party library can be broken. Built as C++ so
// that the `throw` variant can let an exception escape through the C ABI, as a careless C++
// module would.
//   counter   remembers how many calls it got and moves pod 0 by it; no podball_module_clone
//   nan       pod 0 gets a NaN thrust, the others a valid one
//   throw     play throws std::runtime_error
//   status    play returns an error status
//   abi       claims another ABI version
//   nosym     lacks podball_module_play
//   initfail  init returns NULL
// and the ones that would take an in-process Playbench down (isolation stops them; from their
// third play call on, the first two play normally):
//   loop      loops forever
//   segv      dereferences a null pointer
//   abort     calls abort()
//   exit      calls exit(0)
//   scribble  writes 1 MB of bytes past the end of the action array
//   slow      sleeps 300 ms once (over the 50 ms budget), then plays normally
// and one that is only unusual:
//   huge      pod 0 gets the finite vector (1e300, 1e300): full thrust along the diagonal
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>
#include <stdexcept>

#include <playbench/podball_module_abi.h>

#ifdef PB_TEST_MODULE_marker
//   marker    like counter, and its constructor appends a line to the file named by the
//             environment variable PB_MODULE_MARKER: a test sees whether the library was loaded
//             (dlopen runs the constructor before any symbol is looked up). In the module
//             sandbox, where no file can be written (PLAYBENCH_MODULE_SANDBOX is set), it prints
//             "marker: loaded" to its log instead.
#include <cstdio>
__attribute__((constructor)) static void pb_test_module_marker_loaded() {
    const char* path = std::getenv("PB_MODULE_MARKER");
    if (!path || !*path) return;
    if (std::getenv("PLAYBENCH_MODULE_SANDBOX")) {
        std::fputs("marker: loaded\n", stderr);
        return;
    }
    if (std::FILE* f = std::fopen(path, "a")) {
        std::fputs("loaded\n", f);
        std::fclose(f);
    }
}
#endif

namespace {
struct State {
    std::int64_t calls = 0;
    std::int32_t own_pods = 0;
};
}  // namespace

extern "C" {

const podball_module_info* podball_module_get_info(void) {
#ifdef PB_TEST_MODULE_abi
    static const podball_module_info info = {PODBALL_MODULE_ABI_VERSION + 41, "test_abi", "tests", "wrong ABI version"};
#else
    static const podball_module_info info = {PODBALL_MODULE_ABI_VERSION, "test_module", "tests", "engine test module"};
#endif
    return &info;
}

void* podball_module_init(const podball_settings* settings) {
#ifdef PB_TEST_MODULE_initfail
    (void)settings;
    return nullptr;
#else
    State* s = new State;
    s->own_pods = settings->own_pods;
    return s;
#endif
}

#ifndef PB_TEST_MODULE_nosym
int32_t podball_module_play(void* state, const podball_world* world, podball_action* actions) {
    State* s = static_cast<State*>(state);
    ++s->calls;
#ifdef PB_TEST_MODULE_throw
    throw std::runtime_error("test module gave up at tick " + std::to_string(world->tick));
#endif
#ifdef PB_TEST_MODULE_status
    (void)world;
    (void)actions;
    return 7;
#else
    for (int i = 0; i < world->own_count; ++i) {
        actions[i].kind = PODBALL_ACTION_MOVE;
        actions[i].v = podball_vec2{0.0, 0.5};
    }
#ifdef PB_TEST_MODULE_nan
    actions[0].v.x = std::nan("");
#endif
#ifdef PB_TEST_MODULE_huge
    actions[0].v = podball_vec2{1e300, 1e300};
#endif
    if (s->calls == 3) {
#ifdef PB_TEST_MODULE_loop
        volatile bool forever = true;
        while (forever) {
        }
#endif
#ifdef PB_TEST_MODULE_segv
        volatile int* volatile nowhere = nullptr;
        *nowhere = 1;
#endif
#ifdef PB_TEST_MODULE_abort
        std::abort();
#endif
#ifdef PB_TEST_MODULE_exit
        std::exit(0);
#endif
#ifdef PB_TEST_MODULE_scribble
        volatile unsigned char* past = reinterpret_cast<unsigned char*>(actions + PODBALL_MAX_PODS);
        for (std::size_t i = 0; i < (std::size_t{1} << 20); ++i) past[i] = 0x55;
#endif
#ifdef PB_TEST_MODULE_slow
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
#endif
    }
#ifdef PB_TEST_MODULE_counter
    // The module's memory shows in its play: pod 0 thrusts by the number of calls so far.
    actions[0].v = podball_vec2{static_cast<double>(s->calls % 50) / 50.0, 0.0};
#endif
    return 0;
#endif
}
#endif

void podball_module_dispose(void* state) { delete static_cast<State*>(state); }

}  // extern "C"
