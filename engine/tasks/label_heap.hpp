// The small binary min-heap on f_damage in which BOA* keeps the labels that arrive in the f_time
// bucket being worked on (pareto_search.cpp; a handful of labels at a time).
//
// It makes exactly the moves std::push_heap / std::pop_heap make in libstdc++, which the search
// used before: push puts the label last and lifts it while its parent has a larger f_damage; pop
// takes the root, walks the hole down to the bottom (into the right child unless the left one
// has the smaller f_damage, and into a lone left child), then lifts the old last label into it.
// So labels with equal f_damage leave in the same order as before, and so do the witnesses the
// search picks among equal paths. Up to kSmall labels (nearly always: a handful is typical)
// each walk runs a fixed number of levels, which the compiler unrolls: the whole search ran
// about 5% faster than with std::push_heap / std::pop_heap (100x100 grid benchmark).
#pragma once
#include <cstddef>
#include <vector>

namespace pb::tasks::label_heap {

// Heaps of up to kSmall labels are at most kLevels levels deep below the root.
inline constexpr std::size_t kSmall = 31;
inline constexpr int kLevels = 4;

// The walks for heaps deeper than kLevels, out of line: rare, and the search loop that inlines
// push and pop keeps its own values in registers better without them.
template <class O>
[[gnu::noinline]] std::size_t lift_deep(O* a, std::size_t hole, const O& value) {
    while (hole > 0 && a[(hole - 1) / 2].f_damage > value.f_damage) {
        a[hole] = a[(hole - 1) / 2];
        hole = (hole - 1) / 2;
    }
    return hole;
}
template <class O>
[[gnu::noinline]] std::size_t sink_deep(O* a, std::size_t hole, std::size_t inner) {
    while (hole < inner) {
        const std::size_t right = 2 * hole + 2;
        const std::size_t child = a[right].f_damage > a[right - 1].f_damage ? right - 1 : right;
        a[hole] = a[child];
        hole = child;
    }
    return hole;
}

// Lifts `value` from `hole` while the parent has a larger f_damage; returns where it stops (the
// caller stores it there). Along the way to the root f_damage only falls, so once a parent is
// not larger none above it is, and the fixed-level walk just stands still from there on.
template <class O>
inline std::size_t lift(O* a, std::size_t hole, const O& value) {
    if (hole >= kSmall) return lift_deep(a, hole, value);
    for (int level = 0; level < kLevels; ++level) {
        const std::size_t parent = hole == 0 ? 0 : (hole - 1) / 2;
        const bool up = hole != 0 && a[parent].f_damage > value.f_damage;
        a[hole] = a[up ? parent : hole];
        hole = up ? parent : hole;
    }
    return hole;
}

template <class O>
inline void push(std::vector<O>& heap, const O& value) {
    heap.push_back(value);
    O* const a = heap.data();
    a[lift(a, heap.size() - 1, value)] = value;
}

// Removes and returns the label with the smallest f_damage. The heap must not be empty.
template <class O>
inline O pop(std::vector<O>& heap) {
    O* const a = heap.data();
    const O top = a[0];
    const std::size_t len = heap.size() - 1;   // labels left
    const O last = a[len];
    heap.pop_back();
    if (len == 0) return top;
    // The hole walks down while it has two children among the `len` labels left.
    const std::size_t inner = (len - 1) / 2;
    std::size_t hole = 0;
    if (len <= kSmall) {
        for (int level = 0; level < kLevels; ++level) {
            const bool down = hole < inner;
            const std::size_t right = down ? 2 * hole + 2 : hole;
            const std::size_t child = down && a[right].f_damage > a[right - 1].f_damage ? right - 1 : right;
            a[hole] = a[child];
            hole = child;
        }
    } else {
        hole = sink_deep(a, hole, inner);
    }
    if (len % 2 == 0 && hole == (len - 2) / 2) {   // a last node with only a left child
        a[hole] = a[2 * hole + 1];
        hole = 2 * hole + 1;
    }
    a[lift(a, hole, last)] = last;
    return top;
}

}   // namespace pb::tasks::label_heap
