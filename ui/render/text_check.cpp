#include "ui/render/text_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include <imgui_internal.h>

namespace pb::ui {

namespace {

thread_local std::vector<std::string> t_box_log;

// A glyph's place in the font atlas and what it is.
struct AtlasGlyph {
    float u0, v0, u1, v1;
    unsigned codepoint;
    float x0, y0, y1;   // its offsets at the font's size (ImFontGlyph)
    float advance;      // how far the pen moves after it
    float font_size;
};

// One glyph quad found in the draw data.
struct Quad {
    ImVec2 min, max;
    ImVec4 clip;
    const AtlasGlyph* glyph;
    bool trimmed;   // its UVs cover only part of the glyph (clipped on the CPU)
    float origin_y;
    float origin_x, pen_after;   // the pen before and after the glyph
    float font_px;               // the size it was drawn at
};

void append_utf8(std::string& out, unsigned c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

class GlyphIndex {
public:
    GlyphIndex() {
        const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
        tex_ = atlas->TexID;
        for (const ImFont* font : atlas->Fonts)
            for (const ImFontGlyph& g : font->Glyphs)
                if (g.Visible && g.U1 > g.U0 && g.V1 > g.V0)
                    glyphs_.push_back({g.U0, g.V0, g.U1, g.V1, static_cast<unsigned>(g.Codepoint), g.X0, g.Y0, g.Y1,
                                       g.AdvanceX, font->FontSize});
        for (const AtlasGlyph& g : glyphs_) exact_[{g.u0, g.v0}] = &g;
    }
    ImTextureID texture() const { return tex_; }
    // The glyph whose atlas rectangle holds [u0, u1] x [v0, v1]; null when none does.
    const AtlasGlyph* find(float u0, float v0, float u1, float v1, bool& trimmed) const {
        trimmed = false;
        if (auto it = exact_.find({u0, v0}); it != exact_.end()) {
            const AtlasGlyph* g = it->second;
            if (g->u1 == u1 && g->v1 == v1) return g;
        }
        constexpr float e = 1e-6f;
        for (const AtlasGlyph& g : glyphs_)
            if (u0 >= g.u0 - e && u1 <= g.u1 + e && v0 >= g.v0 - e && v1 <= g.v1 + e) {
                trimmed = true;
                return &g;
            }
        return nullptr;
    }

private:
    ImTextureID tex_ = nullptr;
    std::vector<AtlasGlyph> glyphs_;
    std::map<std::pair<float, float>, const AtlasGlyph*> exact_;
};

// The glyph quads of one draw list, in draw order. ImFont::RenderText writes each glyph as four
// vertices (top-left, top-right, bottom-right, bottom-left) and six indices a, a+1, a+2, a, a+2, a+3.
std::vector<Quad> glyph_quads(const ImDrawList& list, const GlyphIndex& index) {
    std::vector<Quad> out;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
        if (cmd.UserCallback || cmd.GetTexID() != index.texture()) continue;
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
        const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
        for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 6) {
            const unsigned a = idx[i];
            if (idx[i + 1] != a + 1 || idx[i + 2] != a + 2 || idx[i + 3] != a || idx[i + 4] != a + 2 ||
                idx[i + 5] != a + 3)
                continue;
            const ImDrawVert &p0 = vtx[a], &p1 = vtx[a + 1], &p2 = vtx[a + 2], &p3 = vtx[a + 3];
            if (p0.uv.x == p2.uv.x || p0.uv.y == p2.uv.y) continue;   // a flat shape: the white texel
            if (p0.pos.y != p1.pos.y || p1.pos.x != p2.pos.x || p0.pos.x != p3.pos.x || p2.pos.y != p3.pos.y) continue;
            bool trimmed = false;
            const AtlasGlyph* g = index.find(p0.uv.x, p0.uv.y, p2.uv.x, p2.uv.y, trimmed);
            if (!g) continue;
            // Only a cut at the left or right counts (a row half scrolled out is cut at the bottom).
            trimmed = trimmed && (p0.uv.x != g->u0 || p2.uv.x != g->u1);
            const float glyph_h = g->y1 - g->y0;
            const float scale = glyph_h > 0.0f ? (p2.pos.y - p0.pos.y) / glyph_h : 1.0f;
            const float origin_x = p0.pos.x - g->x0 * scale;
            out.push_back({p0.pos, p2.pos, cmd.ClipRect, g, trimmed, p0.pos.y - g->y0 * scale, origin_x,
                           origin_x + g->advance * scale, g->font_size * scale});
        }
    }
    return out;
}

// A glyph's ink may reach a pixel past its advance (a "T" or a "j" at the start of a line): only
// more than that is a cut.
constexpr float kInkOverhang = 1.5f;

bool crosses_sides(const Quad& q) {
    const bool visible_rows = q.max.y > q.clip.y && q.min.y < q.clip.w;
    return q.trimmed || (visible_rows && (q.max.x > q.clip.z + kInkOverhang || q.min.x < q.clip.x - kInkOverhang));
}

std::string clip_words(const ImVec4& c) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "x %.0f..%.0f, y %.0f..%.0f", static_cast<double>(c.x), static_cast<double>(c.z),
                  static_cast<double>(c.y), static_cast<double>(c.w));
    return buf;
}

}   // namespace

std::vector<DrawnText> drawn_text(const ImDrawData& data) {
    const GlyphIndex index;
    std::vector<DrawnText> out;
    for (int l = 0; l < data.CmdListsCount; ++l) {
        const ImDrawList& list = *data.CmdLists[l];
        const std::vector<Quad> quads = glyph_quads(list, index);
        const char* owner = list._OwnerName ? list._OwnerName : "";
        const Quad* prev = nullptr;
        for (const Quad& q : quads) {
            const float line = q.max.y - q.min.y;
            // The same run: the same baseline, the same clip, and on from the last glyph (a word
            // gap at most: about a line's height).
            const bool same = prev && std::abs(q.origin_y - prev->origin_y) < 0.5f && q.min.x >= prev->min.x &&
                              q.min.x - prev->max.x < std::max(line, prev->max.y - prev->min.y) * 1.2f &&
                              q.clip.x == prev->clip.x && q.clip.y == prev->clip.y && q.clip.z == prev->clip.z &&
                              q.clip.w == prev->clip.w;
            if (!same) {
                DrawnText t;
                t.owner = owner;
                t.list = l;
                t.min = q.min;
                t.max = q.max;
                t.clip = q.clip;
                out.push_back(std::move(t));
            } else if (q.origin_x - prev->pen_after > q.font_px * 0.15f) {   // a space (about 0.25 em) or more
                out.back().text += ' ';
            }
            DrawnText& t = out.back();
            append_utf8(t.text, q.glyph->codepoint);
            t.min = ImVec2(std::min(t.min.x, q.min.x), std::min(t.min.y, q.min.y));
            t.max = ImVec2(std::max(t.max.x, q.max.x), std::max(t.max.y, q.max.y));
            t.cut = t.cut || crosses_sides(q);
            t.trimmed = t.trimmed || q.trimmed;
            prev = &q;
        }
    }
    return out;
}

std::vector<std::string> check_text_fit(const ImDrawData& data) {
    std::vector<std::string> faults;
    const std::vector<DrawnText> texts = drawn_text(data);
    // A window that scrolls sideways (a script's source) shows a long line's end when scrolled to:
    // its text is not cut, only out of view.
    auto scrolls_sideways = [](const std::string& owner) {
        const ImGuiWindow* w = ImGui::GetCurrentContext() ? ImGui::FindWindowByName(owner.c_str()) : nullptr;
        return w && (w->Flags & ImGuiWindowFlags_HorizontalScrollbar) != 0 && w->ScrollMax.x > 0.0f;
    };
    for (const DrawnText& t : texts)
        if (t.cut && !scrolls_sideways(t.owner))
            faults.push_back("cut by its clip rectangle (" + clip_words(t.clip) + "): \"" + t.text + "\" at " +
                             clip_words(ImVec4(t.min.x, t.min.y, t.max.x, t.max.y)) + (t.trimmed ? ", trimmed" : "") +
                             " in " + t.owner);
    // Over other text: two runs of one window whose boxes overlap by more than a sliver (a third
    // of the lower one's height and a few pixels across), both within their clip rectangles.
    auto visible = [](const DrawnText& t) {
        return t.max.x > t.clip.x && t.min.x < t.clip.z && t.max.y > t.clip.y && t.min.y < t.clip.w;
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const DrawnText& a = texts[i];
        if (!visible(a)) continue;
        for (std::size_t j = i + 1; j < texts.size() && texts[j].list == a.list; ++j) {
            const DrawnText& b = texts[j];
            if (!visible(b)) continue;
            const float w = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
            const float h = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
            const float lower = std::min(a.max.y - a.min.y, b.max.y - b.min.y);
            if (w > 2.0f && h > lower / 3.0f)
                faults.push_back("over other text: \"" + b.text + "\" over \"" + a.text + "\" in " + a.owner);
        }
    }
    for (const std::string& s : t_box_log) faults.push_back(s);
    return faults;
}

const std::vector<std::string>& text_box_log() { return t_box_log; }

void reset_text_box_log() { t_box_log.clear(); }

void report_text_box(const std::string& what) {
    if (t_box_log.size() < 64) t_box_log.push_back(what);
}

}   // namespace pb::ui
