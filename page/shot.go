package page

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
)

// shotScript places a screenshot's clip in the page: js/shot.js, bundled
// into shot.gen.js.
//
//go:embed shot.gen.js
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
	// maxShotCaptures bounds the re-encodings one screenshot may take
	// while fitting its byte bound.
	maxShotCaptures = 8
	// maxShotPixels bounds the first capture's pixels (4 megapixels).
	maxShotPixels = 4_000_000
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
	// Captures counts the encodings tried to fit MaxBytes: the browser's
	// capture, then re-encodings in Go.
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
// reports. Codes: REGION_NOT_FOUND (no such region now), INVALID_ARGUMENT
// (a bound that cannot be met), UNAVAILABLE (region not rendered),
// BROWSER_UNAVAILABLE, TIMEOUT.
func (r *Runtime) Screenshot(ctx context.Context, req ScreenshotRequest) (*Screenshot, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	capt, ok := r.d.(Capturer)
	if !ok {
		return nil, &Error{Code: CodeBrowserUnavailable, Reason: "this browser cannot take screenshots"}
	}
	req, err := req.withDefaults()
	if err != nil {
		return nil, err
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
		if rg := findRegion(o, req.Region); rg != nil {
			key = rg.Key
		}
		if key == "" {
			return nil, regionNotFound(o, req.Region, "to capture the viewport")
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

// withDefaults checks req (a region or the full page, not both; a known
// format) and fills in the default format and byte bound. Code:
// INVALID_ARGUMENT.
func (req ScreenshotRequest) withDefaults() (ScreenshotRequest, error) {
	if req.Region != "" && req.FullPage {
		return req, &Error{Code: CodeInvalidArgument, Reason: "pass region or full_page, not both"}
	}
	switch req.Format {
	case "":
		req.Format = FormatJPEG
	case FormatJPEG, FormatPNG:
	default:
		return req, &Error{Code: CodeInvalidArgument, Reason: `format must be "jpeg" or "png"`}
	}
	if req.MaxBytes <= 0 {
		req.MaxBytes = DefaultScreenshotMaxBytes
	}
	return req, nil
}

// fitShot captures g once and fits the image into req.MaxBytes. The
// scale of that capture is guessed from the area (about 0.05 bytes per
// pixel for JPEG of a page, 0.2 for PNG; never more than maxShotPixels
// pixels). When it does not fit, the image is re-encoded in Go rather than
// captured again (a capture beyond the viewport makes Chromium lay out the
// whole page, seconds on a 10,000-row table): JPEG quality steps down (80,
// 60, 40), then the image is shrunk by the square root of the overshoot.
func fitShot(ctx context.Context, capt Capturer, req ScreenshotRequest, g shotGeometry) (*Screenshot, error) {
	perPixel := 0.05
	if req.Format == FormatPNG {
		perPixel = 0.2
	}
	area := g.Width * g.Height
	scale := math.Min(1, math.Sqrt(math.Min(float64(req.MaxBytes)/perPixel, maxShotPixels)/area))
	scale = math.Floor(scale*1000) / 1000
	if g.Width*scale < minShotSide || g.Height*scale < minShotSide {
		return nil, &Error{Code: CodeInvalidArgument, Reason: "the area is too small to capture"}
	}
	p := CaptureParams{Format: req.Format, Clip: g.Rect, Scale: scale, BeyondViewport: !g.InViewport}
	if req.Format == FormatJPEG {
		p.Quality = jpegQualities[0]
	}
	data, err := capt.Capture(ctx, p)
	if err != nil {
		return nil, wrapDriver("screenshot", err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, &Error{Code: CodeBrowserUnavailable, Reason: "the browser returned an unreadable image", Err: err}
	}
	shot := &Screenshot{MIME: "image/" + req.Format, Scale: scale, Quality: p.Quality, Clip: g.Rect, Cut: g.Cut, Captures: 1}
	return reencodeToFit(ctx, shot, img, data, req, scale)
}

// reencodeToFit fits the first capture (img, encoded as data at scale)
// into req.MaxBytes, re-encoding in Go at most maxShotCaptures times:
// JPEG quality steps down, then the image shrinks. shot holds what was
// tried and, once it fits, the image.
func reencodeToFit(ctx context.Context, shot *Screenshot, img image.Image, data []byte, req ScreenshotRequest, scale float64) (*Screenshot, error) {
	full := img.Bounds()
	var err error
	for n := 0; ; n++ {
		if len(data) <= req.MaxBytes {
			b := img.Bounds()
			shot.Data, shot.Width, shot.Height = data, b.Dx(), b.Dy()
			shot.Scale = math.Round(scale*float64(b.Dx())/float64(full.Dx())*1000) / 1000
			return shot, nil
		}
		if n >= maxShotCaptures {
			break
		}
		if ctx.Err() != nil {
			return nil, wrapDriver("screenshot", ctx.Err())
		}
		shot.Captures++
		if req.Format == FormatJPEG && n+1 < len(jpegQualities) && shot.Quality > jpegQualities[len(jpegQualities)-1] {
			shot.Quality = jpegQualities[n+1]
		} else {
			f := math.Min(0.9, math.Sqrt(float64(req.MaxBytes)/float64(len(data)))*0.95)
			w, h := int(float64(img.Bounds().Dx())*f), int(float64(img.Bounds().Dy())*f)
			if w < minShotSide || h < minShotSide {
				break
			}
			img = shrink(img, w, h)
		}
		if data, err = encodeShot(img, req.Format, shot.Quality); err != nil {
			return nil, &Error{Code: CodeInternal, Reason: "the screenshot could not be encoded", Err: err}
		}
	}
	return nil, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("the image does not fit in %d bytes even scaled down (last try %d bytes); capture a region instead, or raise browser.screenshotMaxBytes", req.MaxBytes, len(data))}
}

func encodeShot(img image.Image, format string, quality int) ([]byte, error) {
	var b bytes.Buffer
	var err error
	if format == FormatPNG {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: quality})
	}
	return b.Bytes(), err
}

// shrink scales src down to w×h by averaging the source pixels each
// destination pixel covers (a box filter: sharp enough for text at the
// factors used here).
func shrink(src image.Image, w, h int) image.Image {
	sb := src.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, sb.Dx(), sb.Dy()))
	draw.Draw(rgba, rgba.Bounds(), src, sb.Min, draw.Src)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	sw, sh := sb.Dx(), sb.Dy()
	for y := 0; y < h; y++ {
		y0, y1 := y*sh/h, max((y+1)*sh/h, y*sh/h+1)
		for x := 0; x < w; x++ {
			x0, x1 := x*sw/w, max((x+1)*sw/w, x*sw/w+1)
			var r, g, b, a, n uint32
			for yy := y0; yy < y1; yy++ {
				row := rgba.Pix[yy*rgba.Stride+x0*4 : yy*rgba.Stride+x1*4]
				for i := 0; i < len(row); i += 4 {
					r += uint32(row[i])
					g += uint32(row[i+1])
					b += uint32(row[i+2])
					a += uint32(row[i+3])
					n++
				}
			}
			o := dst.PixOffset(x, y)
			dst.Pix[o], dst.Pix[o+1], dst.Pix[o+2], dst.Pix[o+3] = uint8(r/n), uint8(g/n), uint8(b/n), uint8(a/n)
		}
	}
	return dst
}
