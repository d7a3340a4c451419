// A Podball team module for the engine tests, compiled once per variant (CMakeLists.txt): a
// well-behaved stateful one, and one per way a third-party library can be broken. Built as C++ so
// that the `throw` variant can let an exception escape through the C ABI, as a careless C++
// module would.
//   counter   remembers how many calls it got and moves pod 0 by it; no podball_module_clone
//   nan       pod 0 gets a NaN thrust, the others a valid one
//   throw     play throws std::runtime_error
//   status    play returns an error status
//   abi       built for ABI 2.0 (another major)
//   newminor  built for a minor newer than Playbench's
//   layout    says its podball_world is 8 bytes longer than the ABI's (other packing)
//   oldminor  built for ABI 1.0 (no podball_module_abi_version), else like the first one
//   lasterror explains its failures (podball_module_last_error): init refuses more than 5 pods,
//             play fails every second call with a long message holding a control character
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
#include <stdexcept>
#include <thread>

#include <string>

// The variants built for other versions say so themselves, as a header of that version would.
#if defined(PB_TEST_MODULE_abi) || defined(PB_TEST_MODULE_newminor) || defined(PB_TEST_MODULE_layout) || \
    defined(PB_TEST_MODULE_oldminor)
#define PODBALL_MODULE_ABI_NO_STAMP
#endif
#include <playbench/podball_module_abi.h>

#if defined(PB_TEST_MODULE_abi)
#define PB_TEST_ABI_MAJOR 2u
extern "C" __attribute__((visibility("default"))) const podball_module_abi podball_module_abi_version = {
    2u, 0u, sizeof(podball_module_info), sizeof(podball_settings), sizeof(podball_world), sizeof(podball_action)};
#elif defined(PB_TEST_MODULE_newminor)
extern "C" __attribute__((visibility("default"))) const podball_module_abi podball_module_abi_version = {
    PODBALL_MODULE_ABI_MAJOR, PODBALL_MODULE_ABI_MINOR + 1, sizeof(podball_module_info),
    sizeof(podball_settings), sizeof(podball_world),        sizeof(podball_action)};
#elif defined(PB_TEST_MODULE_layout)
extern "C" __attribute__((visibility("default"))) const podball_module_abi podball_module_abi_version = {
    PODBALL_MODULE_ABI_MAJOR, PODBALL_MODULE_ABI_MINOR,  sizeof(podball_module_info),
    sizeof(podball_settings), sizeof(podball_world) + 8, sizeof(podball_action)};
#endif
#ifndef PB_TEST_ABI_MAJOR
#define PB_TEST_ABI_MAJOR PODBALL_MODULE_ABI_VERSION
#endif

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
    std::string error;   // podball_module_last_error's answer for this team
};
// Why init refused, per thread (there is no state to keep it in).
thread_local std::string init_error;
}   // namespace

extern "C" {

const podball_module_info* podball_module_get_info(void) {
    static const podball_module_info info = {PB_TEST_ABI_MAJOR, "test_module", "tests", "engine test module"};
    return &info;
}

void* podball_module_init(const podball_settings* settings) {
#ifdef PB_TEST_MODULE_initfail
    (void)settings;
    return nullptr;
#else
#ifdef PB_TEST_MODULE_lasterror
    if (settings->own_pods > 5) {
        init_error = "lasterror plays at most 5 pods, got " + std::to_string(settings->own_pods);
        return nullptr;
    }
#endif
    State* s = new State;
    s->own_pods = settings->own_pods;
    return s;
#endif
}

#ifdef PB_TEST_MODULE_lasterror
const char* podball_module_last_error(const void* state) {
    return state ? static_cast<const State*>(state)->error.c_str() : init_error.c_str();
}
#endif

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
#ifdef PB_TEST_MODULE_lasterror
    // Longer than Playbench reads (PODBALL_MODULE_ERROR_BYTES), with a control character in it.
    if (s->calls % 2 == 0) {
        s->error = "no plan for tick " + std::to_string(world->tick) + "\x01" + std::string(300, 'x');
        return 3;
    }
    s->error.clear();
#endif
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
        while (forever) {}
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

}   // extern "C"
