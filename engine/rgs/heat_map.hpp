// The build preview over a whole map: the efficiency an RGS would have at every sample of a
// horizontal slice, and its team's summed-efficiency change. Each sample is exactly
// RgsWorld::predict() there (same neighbours, same order, same bits), but computed the other way
// round: every mining RGS, in canonical order, multiplies its modifier into the samples inside its
// reach. The work is the number of (RGS, sample) pairs that interfere, with no search at all.
#pragma once
#include <vector>

#include "engine/rgs/world.hpp"

namespace pb::rgs {

struct HeatMapRequest {
    double x0 = 0.0, y0 = 0.0, x1 = 8000.0, y1 = 8000.0;   // the slice's rectangle
    int nx = 256, ny = 256;                                // samples at cell centres
    double z = 500.0;                                      // height of the slice
    int team = 0;                                          // whose RGS would be built
    double range = 800.0;                                  // its range
    bool team_delta = true;                                // also fill HeatMap::team_delta
};

struct HeatMap {
    int nx = 0, ny = 0;
    std::vector<double> efficiency;       // row-major, index j * nx + i, sample (x0 + (i + 1/2) dx, y0 + (j + 1/2) dy)
    std::vector<double> team_delta;       // empty unless asked for
    std::vector<double> xs, ys;           // sample positions (kept to reuse their storage)
    std::vector<double> own_efficiency;   // scratch, by RGS id
    // Where sample (i, j) lies: the one formula predict_heat_map uses too.
    static double sample_x(const HeatMapRequest& r, int i) { return r.x0 + (i + 0.5) * ((r.x1 - r.x0) / r.nx); }
    static double sample_y(const HeatMapRequest& r, int j) { return r.y0 + (j + 0.5) * ((r.y1 - r.y0) / r.ny); }
};

// Fills `out` (reusing its storage, so a view recomputing it every frame does not allocate).
void predict_heat_map(const RgsWorld& world, const HeatMapRequest& request, HeatMap& out);

}   // namespace pb::rgs
