#include "ui/shell/start_page.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <imgui.h>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {
const ImVec4 kErrorText{1.00f, 0.50f, 0.45f, 1.0f};   // a file that does not load

// Listing a folder never runs code: module libraries ("lib:") are described, not loaded (those
// teams stand idle in the thumbnail).
ScenarioLoadOptions describe_only() {
    ScenarioLoadOptions o;
    o.modules = ModulePolicy::Describe;
    return o;
}

std::uint64_t fnv1a(const std::string& bytes) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The cache file: a binary PPM (P6) of kThumbWidth x kThumbHeight, named by the content hash (and
// the thumbnail's size and format version, so a change of either renders afresh).
std::string cache_file(std::uint64_t hash) {
    const std::string dir = thumbnail_cache_dir();
    if (dir.empty()) return {};
    char name[64];
    std::snprintf(name, sizeof name, "%016llx-%dx%d-v1.ppm", static_cast<unsigned long long>(hash), kThumbWidth,
                  kThumbHeight);
    return (fs::path(dir) / name).string();
}

bool read_ppm(const std::string& path, std::vector<std::uint8_t>& rgb) {
    std::string bytes = read_all(path);
    const std::string header = "P6\n" + std::to_string(kThumbWidth) + " " + std::to_string(kThumbHeight) + "\n255\n";
    const std::size_t size = static_cast<std::size_t>(kThumbWidth) * kThumbHeight * 3;
    if (bytes.size() != header.size() + size || bytes.compare(0, header.size(), header) != 0) return false;
    rgb.assign(bytes.begin() + static_cast<std::ptrdiff_t>(header.size()), bytes.end());
    return true;
}

void write_ppm(const std::string& path, const std::vector<std::uint8_t>& rgb) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        out << "P6\n" << kThumbWidth << " " << kThumbHeight << "\n255\n";
        out.write(reinterpret_cast<const char*>(rgb.data()), static_cast<std::streamsize>(rgb.size()));
        if (!out) return;   // a cache that cannot be written only costs a render next time
    }
    fs::rename(tmp, path, ec);
}

// The scenario as the window shows it at tick 0, canvas only, boxed down to the thumbnail.
bool render_thumbnail(const std::string& path, std::vector<std::uint8_t>& rgb) {
    constexpr int kScale = 6;
    const int w = kThumbWidth * kScale, h = kThumbHeight * kScale;
    Simulation sim(load_scenario_file(path, describe_only()));
    OffscreenRenderer renderer(w, h);
    if (!renderer.ok()) return false;
    ShellOptions options;
    options.preferences.show_params = false;
    options.preferences.show_transport = false;
    options.preferences.show_status = false;
    Shell shell(sim, options);
    renderer.render(shell, 3);
    const std::vector<Rgba> px = renderer.pixels();
    rgb.assign(static_cast<std::size_t>(kThumbWidth) * kThumbHeight * 3, 0);
    // Skip the menu bar: the rows below it, boxed into the thumbnail.
    const int top = 24;   // the menu bar at UI scale 1
    for (int ty = 0; ty < kThumbHeight; ++ty)
        for (int tx = 0; tx < kThumbWidth; ++tx) {
            unsigned sum[3] = {0, 0, 0};
            int n = 0;
            for (int y = top + ty * (h - top) / kThumbHeight; y < top + (ty + 1) * (h - top) / kThumbHeight; ++y)
                for (int x = tx * kScale; x < (tx + 1) * kScale; ++x) {
                    const Rgba& p = px[static_cast<std::size_t>(y) * w + x];
                    sum[0] += p.r;
                    sum[1] += p.g;
                    sum[2] += p.b;
                    ++n;
                }
            for (int c = 0; c < 3; ++c)
                rgb[(static_cast<std::size_t>(ty) * kThumbWidth + tx) * 3 + c] =
                    static_cast<std::uint8_t>(n ? sum[c] / n : 0);
        }
    return true;
}

}   // namespace

std::string thumbnail_cache_dir() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    if (xdg && *xdg) return (fs::path(xdg) / "playbench" / "thumbnails").string();
    const char* home = std::getenv("HOME");
    if (home && *home) return (fs::path(home) / ".cache" / "playbench" / "thumbnails").string();
    return {};
}

bool StartPage::make_next_thumbnail() {
    for (StartLab& lab : labs_)
        for (StartEntry& e : lab.scenarios) {
            if (e.thumbnail_tried || !e.error.empty()) continue;
            e.thumbnail_tried = true;
            const std::string cached = cache_file(e.content_hash);
            if (!cached.empty() && read_ppm(cached, e.thumbnail)) {
                ++from_cache_;
                return true;
            }
            try {
                if (!render_thumbnail(e.path, e.thumbnail)) e.thumbnail.clear();
            } catch (const std::exception&) {
                e.thumbnail.clear();
            }
            if (!e.thumbnail.empty()) {
                ++rendered_;
                if (!cached.empty()) write_ppm(cached, e.thumbnail);
            }
            return true;
        }
    return false;
}

void StartPage::scan(const std::string& dir) {
    dir_ = dir;
    scanned_ = true;
    labs_.clear();
    for (const LabInfo* lab : all_labs()) labs_.push_back(StartLab{lab->name, lab->title, lab->summary, {}});
    StartLab other{"", "Other files", "Files that name no known lab or do not load.", {}};

    std::vector<fs::path> files;
    std::error_code ec;
    if (!dir.empty() && fs::is_directory(dir, ec))
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.path().extension() == ".toml" && e.is_regular_file(ec)) files.push_back(e.path());
    std::sort(files.begin(), files.end());

    for (const fs::path& f : files) {
        StartEntry entry{f.string(), f.filename().string(), "", "", {}, false, fnv1a(read_all(f.string()))};
        StartLab* home = &other;
        try {
            Scenario s = load_scenario_file(f.string(), describe_only());
            if (!s.title.empty()) entry.title = s.title;
            entry.description = s.description;
            for (StartLab& l : labs_)
                if (l.name == s.lab->name) home = &l;
        } catch (const std::exception& e) {
            entry.error = e.what();
        }
        home->scenarios.push_back(std::move(entry));
    }
    if (!other.scenarios.empty()) labs_.push_back(std::move(other));
}

StartChoice StartPage::draw(bool* open, WidgetLocator& widgets, const std::string& error) {
    StartChoice choice;
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(760.0f * scale, io.DisplaySize.x * 0.9f), io.DisplaySize.y * 0.8f),
                             ImGuiCond_Appearing);
    if (!ImGui::Begin("Start page###start_page", open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return choice;
    }
    ImGui::PushFont(large_font());
    ImGui::TextUnformatted("Playbench: pick a scenario, or start a new one");
    ImGui::PopFont();
    ImGui::TextColored(palette::kDimText, "Examples from %s. Help > Start page brings this back.", dir_.c_str());
    if (!error.empty()) {
        ImGui::Spacing();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kErrorText, "%s", error.c_str());
        ImGui::PopTextWrapPos();
    }
    // The New buttons in one row at the top: in reach however many examples the labs list below.
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("New:");
    for (const StartLab& lab : labs_) {
        if (lab.name.empty()) continue;
        ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x <
            ImGui::CalcTextSize(lab.title.c_str()).x + ImGui::GetStyle().FramePadding.x * 2.0f)
            ImGui::NewLine();
        ImGui::PushID(lab.name.c_str());
        if (ImGui::Button(lab.title.c_str())) choice.new_lab = lab.name;
        widgets.record_last_item("start.new." + lab.name);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("File > New > %s: the lab's defaults, untitled", lab.title.c_str());
        ImGui::PopID();
    }
    ImGui::Separator();
    for (const StartLab& lab : labs_) {
        ImGui::PushID(lab.name.c_str());
        ImGui::PushFont(large_font());
        ImGui::TextUnformatted(lab.title.c_str());
        ImGui::PopFont();
        if (!lab.summary.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(palette::kDimText, "%s", lab.summary.c_str());
            ImGui::PopTextWrapPos();
        }
        for (const StartEntry& e : lab.scenarios) {
            ImGui::PushID(e.path.c_str());
            const std::string file = fs::path(e.path).filename().string();
            const ImVec2 thumb(kThumbWidth * scale, kThumbHeight * scale);
            const ImVec2 at = ImGui::GetCursorScreenPos();
            ImGui::Dummy(thumb);
            if (ImGui::IsItemVisible()) {
                Painter p = Painter::window();
                if (e.thumbnail.empty()) {
                    p.AddRectFilled(at, ImVec2(at.x + thumb.x, at.y + thumb.y), IM_COL32(40, 44, 50, 255));
                } else {
                    const float px = scale;
                    for (int y = 0; y < kThumbHeight; ++y)
                        for (int x = 0; x < kThumbWidth; ++x) {
                            const std::uint8_t* c = &e.thumbnail[(static_cast<std::size_t>(y) * kThumbWidth + x) * 3];
                            p.AddRectFilled(ImVec2(at.x + x * px, at.y + y * px),
                                            ImVec2(at.x + (x + 1) * px, at.y + (y + 1) * px),
                                            IM_COL32(c[0], c[1], c[2], 255));
                        }
                }
            }
            widgets.record_last_item("start.thumb." + file);
            ImGui::SameLine();
            ImGui::BeginGroup();
            if (ImGui::Button("Open")) choice.open_path = e.path;
            widgets.record_last_item("start.open." + file);
            ImGui::SameLine();
            ImGui::BeginGroup();
            ImGui::TextUnformatted(e.title.c_str());
            ImGui::SameLine();
            ImGui::TextColored(palette::kDimText, "(%s)", file.c_str());
            ImGui::PushTextWrapPos(0.0f);
            if (!e.error.empty())
                ImGui::TextColored(kErrorText, "Does not load: %s", e.error.c_str());
            else if (!e.description.empty())
                ImGui::TextColored(palette::kDimText, "%s", e.description.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndGroup();
            ImGui::EndGroup();
            ImGui::PopID();
        }
        if (lab.scenarios.empty() && !lab.name.empty())
            ImGui::TextColored(palette::kDimText, "No example file for this lab: New above starts one.");
        ImGui::Spacing();
        ImGui::PopID();
    }
    ImGui::End();
    return choice;
}

}   // namespace pb::ui
