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

// TestFitShot: JPEG quality steps down (80, 60, 40) before the scale
// shrinks; PNG only shrinks; every result fits its bound and reports the
// image's real pixels; a bound that nothing can meet is INVALID_ARGUMENT.
func TestFitShot(t *testing.T) {
	for _, tc := range []struct {
		name      string
		format    string
		w, h      float64
		max       int
		qualities []int // qualities of the captures, in order (JPEG)
		code      Code
	}{
		{"fits at once", FormatJPEG, 64, 64, 200000, []int{80}, ""},
		{"quality first", FormatJPEG, 200, 200, 20000, []int{80, 60}, ""},
		{"then scale", FormatJPEG, 400, 400, 20000, nil, ""},
		{"png scales", FormatPNG, 300, 300, 20000, nil, ""},
		{"impossible", FormatJPEG, 400, 400, 100, nil, CodeInvalidArgument},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &noiseCapturer{}
			g := shotGeometry{OK: true, Rect: Rect{Width: tc.w, Height: tc.h}, InViewport: true}
			shot, err := fitShot(context.Background(), c, ScreenshotRequest{Format: tc.format, MaxBytes: tc.max}, g)
			if tc.code != "" {
				if ErrorCode(err) != tc.code {
					t.Fatalf("err = %v, want %s", err, tc.code)
				}
				if len(c.calls) > maxShotCaptures {
					t.Errorf("%d captures, bound %d", len(c.calls), maxShotCaptures)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(shot.Data) > tc.max {
				t.Errorf("%d bytes over the bound %d", len(shot.Data), tc.max)
			}
			if shot.Width != int(tc.w*shot.Scale) || shot.Height != int(tc.h*shot.Scale) {
				t.Errorf("image %d×%d at scale %g of %g×%g", shot.Width, shot.Height, shot.Scale, tc.w, tc.h)
			}
			if shot.Captures != len(c.calls) {
				t.Errorf("Captures = %d, made %d", shot.Captures, len(c.calls))
			}
			var qs []int
			prevScale := 2.0
			for i, p := range c.calls {
				qs = append(qs, p.Quality)
				if p.Scale > prevScale {
					t.Errorf("capture %d scale %g grew from %g", i, p.Scale, prevScale)
				}
				if p.Scale < prevScale && i > 0 && tc.format == FormatJPEG && c.calls[i-1].Quality != 40 {
					t.Errorf("capture %d shrank the scale before quality reached 40: %+v", i, c.calls)
				}
				prevScale = p.Scale
			}
			if tc.qualities != nil && !equalInts(qs, tc.qualities) {
				t.Errorf("qualities %v, want %v", qs, tc.qualities)
			}
			if tc.format == FormatPNG && shot.Quality != 0 || tc.format == FormatJPEG && shot.Quality == 0 {
				t.Errorf("quality %d for %s", shot.Quality, tc.format)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
