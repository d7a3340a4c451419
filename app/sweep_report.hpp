// `playbench sweep report DIR --out REPORT` (docs/sweeps.md#report): plots and a summary of
// a merged sweep, drawn by Playbench's own renderer (ui/render/offscreen_renderer.hpp, ui/widgets/chart.hpp).
// Reads DIR/manifest.txt (parameters, points, seeds, results) and DIR/results.csv (what
// `sweep merge` wrote). Writes, each atomically:
//   line-<result>--<param>.png   the result's mean over seeds at each value of the parameter, the
//                                seeds' min and max, the other parameters averaged
//   heat-<result>--<p>--<q>.png  the mean over seeds and the other parameters for each pair of
//                                values of two parameters, with a colour key
//   summary.txt                  per result, the points with the highest and lowest mean
#pragma once
#include <iosfwd>
#include <string>

namespace pb::app {

struct SweepReportOptions {
    std::string dir;
    std::string out;
    int width = 1000, height = 640;
};

// 0 done; 1 runs are missing (reported on what is there, the missing ones listed); 2 DIR is not
// a merged sweep folder, or a file cannot be read or written.
int sweep_report(const SweepReportOptions& o, std::ostream& out, std::ostream& err);

}   // namespace pb::app
