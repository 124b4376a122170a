package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pling-dev/pling/config"
	"github.com/pling-dev/pling/page"
)

// The spec's defaults live in two places that may not import each other:
// agent.yaml's schema (config) and the page budgets' zero-config defaults
// (page). They must agree.
func TestConfigDefaultsMatchPageBudgets(t *testing.T) {
	if diff := cmp.Diff(page.DefaultBudgets(), budgets(config.Default().Observation)); diff != "" {
		t.Errorf("config and page defaults disagree (-page +config):\n%s", diff)
	}
	d := config.Default()
	if got := page.DefaultCollectParams().MaxText; got != d.Observation.MaxStringChars {
		t.Errorf("collector text bound %d, config maxStringChars %d", got, d.Observation.MaxStringChars)
	}
}
