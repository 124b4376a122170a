package config

import (
	"errors"
	"strings"
)

// Environment variables that override agent.yaml keys, for hosts that pass
// settings as environment (the MCP bundle's user_config does): an empty
// value leaves the key as the file or the default sets it.
const (
	// EnvBrowser overrides browser.execPath (an absolute path, or a bare
	// name looked up on PATH).
	EnvBrowser = "PLING_BROWSER"
	// EnvAllow overrides navigation.allow with comma-separated origin
	// patterns ("https://*.example.com, http://127.0.0.1:*").
	EnvAllow = "PLING_ALLOW"
)

// ApplyEnv returns cfg with PLING_BROWSER and PLING_ALLOW applied, each
// checked as its key in agent.yaml is; a bad value is an *Error whose File
// names the variable.
func ApplyEnv(cfg Config, env func(string) string) (Config, error) {
	if v := strings.TrimSpace(env(EnvBrowser)); v != "" {
		cfg.Browser.ExecPath = v
		if err := envValid(&cfg, EnvBrowser); err != nil {
			return Config{}, err
		}
	}
	if v := env(EnvAllow); strings.TrimSpace(v) != "" {
		allow := []string{}
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				allow = append(allow, p)
			}
		}
		cfg.Navigation.Allow = allow
		if err := envValid(&cfg, EnvAllow); err != nil {
			return Config{}, err
		}
	}
	return cfg, nil
}

// envValid validates cfg after an override from name.
func envValid(cfg *Config, name string) error {
	err := validate(cfg, nil)
	var e *Error
	if errors.As(err, &e) {
		e.File = name
		return e
	}
	return err
}
