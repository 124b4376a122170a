package page

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig of captured JPEGs
	_ "image/png"  // DecodeConfig of captured PNGs
	"math"
	"strings"
)

//go:embed shot.js
var shotScript string

// Screenshot image formats.
const (
	FormatJPEG = "jpeg"
	FormatPNG  = "png"
)

// Screenshot bounds.
const (
	// DefaultScreenshotMaxBytes is the default bound of one encoded image
	// (agent.yaml browser.screenshotMaxBytes).
	DefaultScreenshotMaxBytes = 204800
	// MaxShotSide cuts a clip's width and height, in CSS pixels: a longer
	// page or region shows its first MaxShotSide pixels (Chromium cannot
	// capture much larger surfaces anyway).
	MaxShotSide = 16384
	// maxShotCaptures bounds the captures one screenshot may take while
	// fitting its byte bound.
	maxShotCaptures = 8
	// minShotSide is the smallest useful image side, in pixels.
	minShotSide = 16
)

// jpegQualities are tried in order before the scale is reduced.
var jpegQualities = []int{80, 60, 40}

// Rect is a rectangle in document CSS pixels.
type Rect struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// CaptureParams is one capture of the tab's rendering.
type CaptureParams struct {
	// Format is FormatJPEG or FormatPNG.
	Format string
	// Quality is the JPEG quality, 1 to 100.
	Quality int
	// Clip is the captured area in document CSS pixels.
	Clip Rect
	// Scale multiplies the clip's size into image pixels.
	Scale float64
	// BeyondViewport captures parts of the clip outside the viewport.
	BeyondViewport bool
}

// Capturer is a driver that can capture what the tab renders;
// browser.Session implements it.
type Capturer interface {
	Capture(ctx context.Context, p CaptureParams) ([]byte, error)
}

// ScreenshotRequest says what to capture and how large it may be.
type ScreenshotRequest struct {
	// Region is a region id of the observation; empty captures the
	// viewport, or the whole page with FullPage.
	Region   string
	FullPage bool
	// Format is FormatJPEG (default) or FormatPNG.
	Format string
	// MaxBytes bounds the encoded image (default DefaultScreenshotMaxBytes).
	MaxBytes int
}

// Screenshot is a captured image and what it shows.
type Screenshot struct {
	Data []byte
	// MIME is image/jpeg or image/png.
	MIME string
	// Width and Height are the image's pixels.
	Width, Height int
	// Scale is image pixels per CSS pixel; Quality the JPEG quality (0 for PNG).
	Scale   float64
	Quality int
	// Clip is what was captured, in document CSS pixels.
	Clip Rect
	// Cut is true when the page or region was larger than MaxShotSide CSS
	// pixels: the image shows its top-left part.
	Cut bool
	// Revision is the observation revision of the page captured.
	Revision string
	// Captures counts the encodings tried to fit MaxBytes.
	Captures int
}

type shotGeometry struct {
	OK         bool   `json:"ok"`
	Code       string `json:"code"`
	Reason     string `json:"reason"`
	Cut        bool   `json:"cut"`
	InViewport bool   `json:"in_viewport"`
	Rect
}

// Screenshot captures the viewport, the whole page or one region of the
// observation, as the browser renders it (password fields masked), and
// fits the image into req.MaxBytes: JPEG quality is lowered first, then the
// scale. The page settles first (bounded); the observation the revision
// names is taken without draining notices, which the next observation
// reports. Codes: INVALID_ARGUMENT (unknown region, a bound that cannot be
// met), UNAVAILABLE (region not rendered), BROWSER_UNAVAILABLE, TIMEOUT.
func (r *Runtime) Screenshot(ctx context.Context, req ScreenshotRequest) (*Screenshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	capt, ok := r.d.(Capturer)
	if !ok {
		return nil, &Error{Code: CodeBrowserUnavailable, Reason: "this browser cannot take screenshots"}
	}
	if req.Region != "" && req.FullPage {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "pass region or full_page, not both"}
	}
	switch req.Format {
	case "":
		req.Format = FormatJPEG
	case FormatJPEG, FormatPNG:
	default:
		return nil, &Error{Code: CodeInvalidArgument, Reason: `format must be "jpeg" or "png"`}
	}
	if req.MaxBytes <= 0 {
		req.MaxBytes = DefaultScreenshotMaxBytes
	}
	var settled struct{}
	if err := r.d.CallScript(ctx, SettleScript, SettleParams{TimeoutMS: r.opts.SettleTimeout.Milliseconds(), QuietMS: r.opts.SettleQuiet.Milliseconds()}, &settled); err != nil {
		return nil, wrapDriver("screenshot", err)
	}
	o, err := r.observe(ctx, observeHow{})
	if err != nil {
		return nil, err
	}
	key := ""
	if req.Region != "" {
		ids := make([]string, 0, len(o.snap.Regions))
		for _, rg := range o.snap.Regions {
			if rg.ID == req.Region {
				key = rg.Key
			}
			ids = append(ids, rg.ID)
		}
		if key == "" {
			if len(ids) > 12 {
				ids = append(ids[:12], "…")
			}
			return nil, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("no region %q on the page (regions: %s)", req.Region, strings.Join(ids, ", ")), Available: available(o)}
		}
	}
	var g shotGeometry
	if err := r.d.CallScript(ctx, shotScript, map[string]any{"key": key, "full": req.FullPage, "max_side": MaxShotSide}, &g); err != nil {
		return nil, wrapDriver("screenshot", err)
	}
	if !g.OK {
		return nil, &Error{Code: Code(g.Code), Reason: g.Reason, Available: available(o)}
	}
	shot, err := fitShot(ctx, capt, req, g)
	if err != nil {
		return nil, err
	}
	shot.Revision = o.Revision
	return shot, nil
}

// fitShot captures g until the image fits req.MaxBytes: the first scale is
// guessed from the area (about 0.15 bytes per pixel for JPEG, 0.6 for PNG),
// then JPEG quality steps down (80, 60, 40), then the scale shrinks by the
// square root of the overshoot.
func fitShot(ctx context.Context, capt Capturer, req ScreenshotRequest, g shotGeometry) (*Screenshot, error) {
	perPixel := 0.15
	if req.Format == FormatPNG {
		perPixel = 0.6
	}
	area := g.Width * g.Height
	scale := math.Min(1, math.Sqrt(float64(req.MaxBytes)/perPixel/area))
	scale = math.Floor(scale*1000) / 1000
	qi := 0
	p := CaptureParams{Format: req.Format, Clip: g.Rect, BeyondViewport: !g.InViewport}
	last := 0
	for n := 1; n <= maxShotCaptures; n++ {
		if g.Width*scale < minShotSide || g.Height*scale < minShotSide {
			break
		}
		p.Scale = scale
		p.Quality = 0
		if req.Format == FormatJPEG {
			p.Quality = jpegQualities[qi]
		}
		data, err := capt.Capture(ctx, p)
		if err != nil {
			return nil, wrapDriver("screenshot", err)
		}
		last = len(data)
		if len(data) <= req.MaxBytes {
			cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				return nil, &Error{Code: CodeBrowserUnavailable, Reason: "the browser returned an unreadable image", Err: err}
			}
			return &Screenshot{Data: data, MIME: "image/" + req.Format, Width: cfg.Width, Height: cfg.Height,
				Scale: scale, Quality: p.Quality, Clip: g.Rect, Cut: g.Cut, Captures: n}, nil
		}
		if req.Format == FormatJPEG && qi < len(jpegQualities)-1 {
			qi++
			continue
		}
		shrink := math.Min(0.9, math.Sqrt(float64(req.MaxBytes)/float64(len(data)))*0.95)
		scale = math.Floor(scale*shrink*1000) / 1000
	}
	return nil, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("the image does not fit in %d bytes even scaled down (last try %d bytes); capture a region instead, or raise browser.screenshotMaxBytes", req.MaxBytes, last)}
}
