package browser

import (
	"context"
	"fmt"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

// Capture takes one screenshot of the tab (Page.captureScreenshot): the
// clip is in document CSS pixels, scaled by p.Scale, encoded as JPEG (at
// p.Quality) or PNG. It shows what the browser renders, password fields
// masked; nothing is written to disk.
func (s *Session) Capture(ctx context.Context, p page.CaptureParams) ([]byte, error) {
	params := cdppage.CaptureScreenshotParams{
		Format:                cdppage.CaptureScreenshotFormatPng,
		Clip:                  &cdppage.Viewport{X: p.Clip.X, Y: p.Clip.Y, Width: p.Clip.Width, Height: p.Clip.Height, Scale: p.Scale},
		CaptureBeyondViewport: new(p.BeyondViewport),
	}
	if p.Format == page.FormatJPEG {
		params.Format = cdppage.CaptureScreenshotFormatJpeg
		params.Quality = new(int64(p.Quality))
	}
	var data []byte
	err := s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		res, err := chromedp.Call(c, cdppage.CaptureScreenshot, params)
		if err != nil {
			return err
		}
		data = res.Data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("capture screenshot: %w", err)
	}
	return data, nil
}
