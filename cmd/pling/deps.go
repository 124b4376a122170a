package main

import (
	_ "github.com/chromedp/chromedp"
	_ "github.com/goccy/go-yaml"
	_ "github.com/mark3labs/mcp-go/server"
	_ "github.com/openai/openai-go/v3"
	_ "github.com/google/go-cmp/cmp"
)

func main() {}
