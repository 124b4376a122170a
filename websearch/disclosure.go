package websearch

import "fmt"

// Disclosure returns the web_search tool description (§10.9): that the
// query goes to a separate OpenAI search model (named), may cost money and
// cause public-web activity, that non-storage is requested but not
// certified, and that results are candidates, not verified evidence.
func Disclosure(model string) string {
	return fmt.Sprintf("Search the public web for candidate sources. "+
		"Only the query you pass (1 to %d characters, not this conversation) is sent to a separate OpenAI search model, %q, "+
		"which runs OpenAI's hosted web search: each call may cost money and causes activity on the public web. "+
		"Pling asks OpenAI not to store the request (store=false); that is a request, not a zero-retention guarantee, "+
		"so do not put secrets or private details in the query. "+
		"The result lists candidate URLs and the search model's notes. Notes are model synthesis, not quotations, "+
		"and no source has been read or verified: open a source before relying on it. "+
		"Calls and distinct sources are budgeted per session; the result reports what is left.",
		MaxQueryRunes, model)
}
