package page

import "fmt"

// checkConsent is the handoff and confirm check of act (and of fill_form's
// preflight).
func checkConsent(o *Observation, res Resolved, confirmed bool) error {
	if res.Action.Handoff {
		return &Error{Code: CodeHandoffRequired, Reason: res.ID + " must be done by a human in the browser; Pling never runs it", Available: available(o)}
	}
	if res.Action.Confirm && !confirmed {
		return &Error{Code: CodeConfirmationRequired, Reason: res.ID + " needs the user's confirmation: ask the user, then call again with confirm: true", Available: available(o)}
	}
	return nil
}

// dialogWarning is the receipt's warning when the action raised a
// confirm() or prompt() that was dismissed: the page asked a question the
// caller did not confirm. The question itself is page data: the receipt
// carries it apart (ReceiptText's dialogs[].page_data), never in the
// warning.
func dialogWarning(id string, ds []DialogRecord) string {
	for _, d := range ds {
		if d.Accepted || (d.Type != "confirm" && d.Type != "prompt") {
			continue
		}
		how := "call the action again with confirm: true"
		if d.Type == "prompt" {
			how += " and args.text as the answer"
		}
		return fmt.Sprintf("CONFIRMATION_REQUIRED: %s raised a %s dialog and it was dismissed, so what it guards was not done (the page's question is in dialogs[].page_data and the feedback); to accept it, ask the user, then %s",
			id, d.Type, how)
	}
	return ""
}
