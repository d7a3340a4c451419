// Values derived from a lab's parameters that matter for play (a pod's top speed = thrust /
// friction, a full shot's free path, two RGS' efficiency at a spacing, ...). Each lab computes its
// list in engine/<lab>/derived.cpp, from the same ParamSet the simulation reads, so the numbers are
// testable headless; the Parameters tab draws each one in the section of its first input, beside
// the sliders that feed it, with the formula as its tooltip.
#pragma once
#include <string>
#include <vector>

namespace pb {

struct DerivedValue {
    std::string label;                 // "Pod top speed"
    double value = 0.0;                // 0.004
    std::string unit;                  // "arena widths/tick"
    std::string formula;               // "thrust / friction = 0.0002 / 0.05"
    std::vector<std::string> inputs;   // the parameter keys it is computed from (first: where it shows)
};

}   // namespace pb
