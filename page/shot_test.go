package page

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"testing"
)

// noiseCapturer encodes a noise image of the clip's scaled size at the
// requested quality (noise barely compresses, so size tracks pixels and
// quality) and records each request.
type noiseCapturer struct{ calls []CaptureParams }

func (n *noiseCapturer) Capture(_ context.Context, p CaptureParams) ([]byte, error) {
	n.calls = append(n.calls, p)
	w, h := int(p.Clip.Width*p.Scale), int(p.Clip.Height*p.Scale)
	img := image.NewGray(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
	}
	var b bytes.Buffer
	var err error
	if p.Format == FormatPNG {
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: p.Quality})
	}
	return b.Bytes(), err
}

// TestFitShot: the browser captures once; JPEG quality then steps down
// (80, 60, 40) before the image shrinks; PNG only shrinks; every result
// fits its bound and reports the image's real pixels and scale; a bound
// that nothing can meet is INVALID_ARGUMENT.
func TestFitShot(t *testing.T) {
	for _, tc := range []struct {
		name    string
		format  string
		w, h    float64
		max     int
		quality int  // final JPEG quality (0 for PNG)
		shrunk  bool // the image was scaled down
		code    Code
	}{
		{"fits at once", FormatJPEG, 64, 64, 200000, 80, false, ""},
		{"quality first", FormatJPEG, 200, 200, 20000, 60, false, ""},
		{"then scale", FormatJPEG, 400, 400, 20000, 40, true, ""},
		{"png scales", FormatPNG, 300, 300, 20000, 0, true, ""},
		{"impossible", FormatJPEG, 400, 400, 100, 0, false, CodeInvalidArgument},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &noiseCapturer{}
			g := shotGeometry{OK: true, Rect: Rect{Width: tc.w, Height: tc.h}, InViewport: true}
			shot, err := fitShot(context.Background(), c, ScreenshotRequest{Format: tc.format, MaxBytes: tc.max}, g)
			if len(c.calls) != 1 {
				t.Errorf("%d browser captures, want 1", len(c.calls))
			}
			if tc.code != "" {
				if ErrorCode(err) != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(shot.Data) > tc.max {
				t.Errorf("%d bytes over the bound %d", len(shot.Data), tc.max)
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(shot.Data))
			if err != nil || format != tc.format || cfg.Width != shot.Width || cfg.Height != shot.Height {
				t.Errorf("image %s %d×%d (%v), shot says %d×%d", format, cfg.Width, cfg.Height, err, shot.Width, shot.Height)
			}
			if shrunk := shot.Width < int(tc.w); shrunk != tc.shrunk || shot.Quality != tc.quality {
				t.Errorf("width %d of %g (scale %g), quality %d; want shrunk %v, quality %d", shot.Width, tc.w, shot.Scale, shot.Quality, tc.shrunk, tc.quality)
			}
			if want := float64(shot.Width) / tc.w; shot.Scale < want-0.01 || shot.Scale > want+0.01 {
				t.Errorf("scale %g, image/clip %g", shot.Scale, want)
			}
		})
	}
}
