#include "ui/render/software_draw.hpp"

#include <SDL.h>
#include <imgui.h>

#include <cstddef>
#include <cstdint>

#include "ui/render/raster.hpp"

namespace pb::ui {

namespace {

// ImGui's PrimRect: vertices a, a+1, a+2, a+3 at (x0,y0), (x1,y0), (x1,y1), (x0,y1), indices
// (a, a+1, a+2, a, a+2, a+3), one colour, every UV on the atlas's white pixel.
bool solid_quad(const ImDrawVert* v, const ImDrawIdx* ix, SDL_FRect& rect, ImU32& colour) {
    ImDrawIdx a = ix[0];
    if (ix[1] != a + 1 || ix[2] != a + 2 || ix[3] != a || ix[4] != a + 2 || ix[5] != a + 3) return false;
    const ImDrawVert& p0 = v[a];
    const ImDrawVert& p1 = v[a + 1];
    const ImDrawVert& p2 = v[a + 2];
    const ImDrawVert& p3 = v[a + 3];
    if (p0.col != p1.col || p0.col != p2.col || p0.col != p3.col) return false;
    if (p0.uv.x != p1.uv.x || p0.uv.x != p2.uv.x || p0.uv.x != p3.uv.x) return false;
    if (p0.uv.y != p1.uv.y || p0.uv.y != p2.uv.y || p0.uv.y != p3.uv.y) return false;
    if (p0.pos.y != p1.pos.y || p1.pos.x != p2.pos.x || p2.pos.y != p3.pos.y || p3.pos.x != p0.pos.x) return false;
    if (p2.pos.x <= p0.pos.x || p2.pos.y <= p0.pos.y) return false;
    rect = SDL_FRect{p0.pos.x, p0.pos.y, p2.pos.x - p0.pos.x, p2.pos.y - p0.pos.y};
    colour = p0.col;
    return true;
}

void draw_geometry(SDL_Renderer* r, SDL_Texture* tex, const ImDrawVert* v, const ImDrawIdx* ix, int count,
                   int vertex_count) {
    if (count <= 0) return;
    const auto* base = reinterpret_cast<const char*>(v);
    SDL_RenderGeometryRaw(r, tex, reinterpret_cast<const float*>(base + offsetof(ImDrawVert, pos)), sizeof(ImDrawVert),
                          reinterpret_cast<const SDL_Color*>(base + offsetof(ImDrawVert, col)), sizeof(ImDrawVert),
                          tex ? reinterpret_cast<const float*>(base + offsetof(ImDrawVert, uv)) : nullptr,
                          tex ? static_cast<int>(sizeof(ImDrawVert)) : 0, vertex_count, ix, count, sizeof(ImDrawIdx));
}

bool samples_white(const ImDrawVert* v, const ImDrawIdx* tri, ImVec2 white) {
    for (int k = 0; k < 3; ++k) {
        const ImVec2& uv = v[tri[k]].uv;
        if (uv.x != white.x || uv.y != white.y) return false;
    }
    return true;
}

// Triangles that only sample the atlas's white texel (every shape: rounded frames, circles,
// anti-aliased fringes) are drawn untextured: white times the vertex colour is the vertex
// colour, and SDL's untextured triangle fill skips the per-pixel texture lookup. Text and
// textured lines keep the texture. Runs keep their order.
void draw_triangles(SDL_Renderer* r, SDL_Texture* tex, ImVec2 white, const ImDrawVert* v, const ImDrawIdx* ix,
                    int count, int vertex_count) {
    int start = 0;
    while (start < count) {
        bool plain = samples_white(v, ix + start, white);
        int end = start + 3;
        while (end < count && samples_white(v, ix + end, white) == plain) end += 3;
        if (plain) SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        draw_geometry(r, plain ? nullptr : tex, v, ix + start, end - start, vertex_count);
        start = end;
    }
}

}   // namespace

void render_draw_data(SDL_Renderer* r, ImDrawData* dd) {
    if (!dd || dd->DisplaySize.x <= 0 || dd->DisplaySize.y <= 0) return;
    // The offscreen surface is drawn at scale 1; a scaled framebuffer scales through SDL.
    float old_sx = 1, old_sy = 1;
    SDL_RenderGetScale(r, &old_sx, &old_sy);
    SDL_RenderSetScale(r, dd->FramebufferScale.x, dd->FramebufferScale.y);
    SDL_RenderSetViewport(r, nullptr);
    ImVec2 off = dd->DisplayPos;
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;

    for (int n = 0; n < dd->CmdListsCount; ++n) {
        const ImDrawList* list = dd->CmdLists[n];
        for (int c = 0; c < list->CmdBuffer.Size; ++c) {
            const ImDrawCmd& cmd = list->CmdBuffer[c];
            if (cmd.UserCallback) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            SDL_Rect clip{static_cast<int>(cmd.ClipRect.x - off.x), static_cast<int>(cmd.ClipRect.y - off.y),
                          static_cast<int>(cmd.ClipRect.z - cmd.ClipRect.x),
                          static_cast<int>(cmd.ClipRect.w - cmd.ClipRect.y)};
            if (clip.w <= 0 || clip.h <= 0) continue;
            SDL_RenderSetClipRect(r, &clip);
            auto* tex = static_cast<SDL_Texture*>(cmd.GetTexID());
            const ImDrawVert* v = list->VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx* ix = list->IdxBuffer.Data + cmd.IdxOffset;
            int count = static_cast<int>(cmd.ElemCount);
            int vertex_count = list->VtxBuffer.Size - static_cast<int>(cmd.VtxOffset);

            int run = 0;   // start of the pending triangles
            int i = 0;
            while (i + 3 <= count) {
                SDL_FRect rect;
                ImU32 col = 0;
                if (i + 6 <= count && solid_quad(v, ix + i, rect, col)) {
                    draw_triangles(r, tex, white, v, ix + run, i - run, vertex_count);
                    auto alpha = static_cast<Uint8>((col >> IM_COL32_A_SHIFT) & 0xFF);
                    SDL_SetRenderDrawBlendMode(r, alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
                    SDL_SetRenderDrawColor(r, static_cast<Uint8>((col >> IM_COL32_R_SHIFT) & 0xFF),
                                           static_cast<Uint8>((col >> IM_COL32_G_SHIFT) & 0xFF),
                                           static_cast<Uint8>((col >> IM_COL32_B_SHIFT) & 0xFF), alpha);
                    SDL_RenderFillRectF(r, &rect);
                    i += 6;
                    run = i;
                } else {
                    i += 3;
                }
            }
            draw_triangles(r, tex, white, v, ix + run, count - run, vertex_count);
        }
    }
    SDL_RenderSetClipRect(r, nullptr);
    SDL_RenderSetScale(r, old_sx, old_sy);
}

RasterPresenter::~RasterPresenter() { release(); }

void RasterPresenter::release() {
    if (texture_) SDL_DestroyTexture(texture_);
    texture_ = nullptr;
    width_ = height_ = 0;
}

bool RasterPresenter::present(SDL_Renderer* r, ImDrawData* dd) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0 || w <= 0 || h <= 0) return false;
    if (!texture_ || w != width_ || h != height_) {
        if (texture_) SDL_DestroyTexture(texture_);
        texture_ = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
        width_ = texture_ ? w : 0;
        height_ = texture_ ? h : 0;
        if (!texture_) return false;
    }
    void* pixels = nullptr;
    int pitch = 0;
    if (SDL_LockTexture(texture_, nullptr, &pixels, &pitch) != 0) return false;
    const RasterTarget target{static_cast<std::uint32_t*>(pixels), w, h, pitch / 4};
    clear_target(target, 0xFF121417u);   // the window colour, (18, 20, 23)
    unsigned char* alpha = nullptr;
    int aw = 0, ah = 0;
    ImGui::GetIO().Fonts->GetTexDataAsAlpha8(&alpha, &aw, &ah);   // kept by the atlas: no work after the first
    if (dd && dd->DisplaySize.x > 0 && dd->DisplaySize.y > 0)
        rasterise_draw_data(*dd, target, RasterAtlas{alpha, aw, ah});
    SDL_UnlockTexture(texture_);
    float sx = 1, sy = 1;
    SDL_RenderGetScale(r, &sx, &sy);
    SDL_RenderSetScale(r, 1, 1);
    SDL_RenderSetViewport(r, nullptr);
    SDL_RenderSetClipRect(r, nullptr);
    SDL_SetTextureBlendMode(texture_, SDL_BLENDMODE_NONE);
    const bool ok = SDL_RenderCopy(r, texture_, nullptr, nullptr) == 0;
    SDL_RenderSetScale(r, sx, sy);
    return ok;
}

}   // namespace pb::ui
