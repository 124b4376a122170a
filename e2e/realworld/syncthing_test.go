package realworld

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// syncthingBin is Debian's syncthing package: a file-sync daemon whose
// GUI (AngularJS and Bootstrap modals) is where a person sets it up.
const syncthingBin = "/usr/bin/syncthing"

// stKnownFailing lists the Syncthing tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var stKnownFailing = map[string]string{}

// What the tasks write.
const (
	stFolderLabel = "Photos"
	stDeviceName  = "harbour-laptop"
	stGUIUser     = "keeper"
	// a remote device (its ID generated once by syncthing generate: a
	// valid one, Luhn check characters and all) and its fixed address
	stRemoteID   = "JOEM2ZC-3KKAPPO-6IZ7URO-5ABWMZR-JRIVS5G-KGIVLKP-XGMI3R5-46X3WAY"
	stRemoteName = "harbour-office"
	stRemoteAddr = "192.0.2.7:22000"
)

// stTasks are a person's first steps in a fresh Syncthing, each checked
// in its config.xml, which Syncthing writes on every change. They run in
// one browser session, in this order: the usage-report question is asked
// first, the GUI's password is set last (after it the GUI asks for it).
func stTasks(home, photos string) []wpTask {
	return []wpTask{
		{"usage_report", "config.xml options/urAccepted", stUsageReport, stWant(home, "urAccepted", func(c *stConfig) string { return c.Options.URAccepted }, "-1")},
		{"add_folder", "config.xml folder label, path", stAddFolder(photos), stWant(home, "the Photos folder's path", func(c *stConfig) string { return c.folder(stFolderLabel).Path }, photos)},
		{"add_device", "config.xml device name, address, compression", stAddDevice, stWant(home, "the remote device", func(c *stConfig) string { return c.device(stRemoteID).summary() }, stRemoteName+" tcp://"+stRemoteAddr+" always")},
		{"pause_folder", "config.xml folder paused", stPauseFolder, stWant(home, "the Photos folder's paused", func(c *stConfig) string { return c.folder(stFolderLabel).Paused }, "true")},
		{"ignore_patterns", "the Photos folder's .stignore", stIgnorePatterns, stWantIgnored(photos, "*.tmp")},
		{"file_versioning", "config.xml folder versioning type, keep", stFileVersioning, stWant(home, "the Photos folder's versioning", func(c *stConfig) string { return c.folder(stFolderLabel).versioning() }, "simple keep=10")},
		{"rescan_interval", "config.xml folder rescanIntervalS", stRescanInterval, stWant(home, "the Photos folder's rescan interval", func(c *stConfig) string { return c.folder(stFolderLabel).RescanS }, "600")},
		{"rename_device", "config.xml device name", stRenameDevice, stWant(home, "this device's name", func(c *stConfig) string { return c.self().Name }, stDeviceName)},
		{"gui_theme", "config.xml gui theme", stGUITheme, stWant(home, "the GUI's theme", func(c *stConfig) string { return c.GUI.Theme }, "dark")},
		{"remove_folder", "config.xml: no Photos folder", stRemoveFolder, stWant(home, "the Photos folder's path", func(c *stConfig) string { return c.folder(stFolderLabel).Path }, "")},
		{"gui_user", "config.xml gui user", stGUISignIn, stWant(home, "the GUI's user", func(c *stConfig) string { return c.GUI.User }, stGUIUser)},
	}
}

// TestSyncthing runs Debian's Syncthing in a temporary home (a config
// generated for the test: no discovery, relays, NAT or upgrades, its
// sync port on loopback) and does a person's first steps in its GUI
// through `pling serve`: answer the usage-report question, add a folder,
// pause it, rename this device and set the GUI's user and password, each
// in one of its Bootstrap modals. Every outcome is checked in the
// config.xml Syncthing writes.
func TestSyncthing(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	if _, err := os.Stat(syncthingBin); err != nil {
		t.Fatalf("the Syncthing corpus needs Debian's syncthing package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	site, stop, err := startSyncthing(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	photos := filepath.Join(dir, "photos")
	if err := os.MkdirAll(photos, 0o755); err != nil {
		t.Fatal(err)
	}
	runSuite(ctx, t, start, site, "syncthing", stTasks(filepath.Join(dir, "home"), photos), stKnownFailing)
}

// startSyncthing generates a home in dir/home, keeps Syncthing off every
// network but loopback and starts its GUI on a free loopback port; stop
// ends it.
func startSyncthing(ctx context.Context, dir string) (*wpSite, func(), error) {
	home := filepath.Join(dir, "home")
	gen := exec.CommandContext(ctx, syncthingBin, "generate", "--home="+home, "--no-default-folder")
	if out, err := gen.CombinedOutput(); err != nil {
		return nil, nil, fmt.Errorf("syncthing generate: %w: %s", err, clip(string(out), 600))
	}
	syncPort, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	guiPort, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	conf := filepath.Join(home, "config.xml")
	raw, err := os.ReadFile(conf)
	if err != nil {
		return nil, nil, err
	}
	text := string(raw)
	for from, to := range map[string]string{
		"<listenAddress>default</listenAddress>": fmt.Sprintf("<listenAddress>tcp://127.0.0.1:%d</listenAddress>", syncPort),
		"<globalAnnounceEnabled>true":            "<globalAnnounceEnabled>false",
		"<localAnnounceEnabled>true":             "<localAnnounceEnabled>false",
		"<relaysEnabled>true":                    "<relaysEnabled>false",
		"<natEnabled>true":                       "<natEnabled>false",
		"<startBrowser>true":                     "<startBrowser>false",
		"<crashReportingEnabled>true":            "<crashReportingEnabled>false",
		"<autoUpgradeIntervalH>12":               "<autoUpgradeIntervalH>0",
	} {
		if !strings.Contains(text, from) {
			return nil, nil, fmt.Errorf("syncthing's generated config.xml has no %s", from)
		}
		text = strings.Replace(text, from, to, 1)
	}
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		return nil, nil, err
	}
	logPath := filepath.Join(dir, "syncthing.log")
	base := fmt.Sprintf("http://127.0.0.1:%d", guiPort)
	cmd := exec.Command(syncthingBin, "serve", "--home="+home, "--no-browser", "--no-restart", "--no-upgrade", "--gui-address="+base)
	cmd.Env = append(os.Environ(), "STNODEFAULTFOLDER=1", "STNOUPGRADE=1")
	stop, err := serveProcess(ctx, cmd, logPath, base+"/", "syncthing's GUI")
	if err != nil {
		return nil, nil, err
	}
	return &wpSite{Base: base, phpLog: logPath}, stop, nil
}

// stConfig is the part of Syncthing's config.xml the checks read.
type stConfig struct {
	Folders []stFolder `xml:"folder"`
	Devices []stDevice `xml:"device"`
	GUI     struct {
		User  string `xml:"user"`
		Theme string `xml:"theme"`
	} `xml:"gui"`
	Options struct {
		URAccepted string `xml:"urAccepted"`
	} `xml:"options"`
}

// stFolder is a folder of config.xml.
type stFolder struct {
	Label      string `xml:"label,attr"`
	Path       string `xml:"path,attr"`
	RescanS    string `xml:"rescanIntervalS,attr"`
	Paused     string `xml:"paused"`
	Versioning struct {
		Type   string `xml:"type,attr"`
		Params []struct {
			Key string `xml:"key,attr"`
			Val string `xml:"val,attr"`
		} `xml:"param"`
	} `xml:"versioning"`
}

// versioning is the folder's versioning type and how many versions it
// keeps ("simple keep=10").
func (f stFolder) versioning() string {
	for _, p := range f.Versioning.Params {
		if p.Key == "keep" {
			return f.Versioning.Type + " keep=" + p.Val
		}
	}
	return f.Versioning.Type
}

// stDevice is a device of config.xml.
type stDevice struct {
	ID          string   `xml:"id,attr"`
	Name        string   `xml:"name,attr"`
	Compression string   `xml:"compression,attr"`
	Addresses   []string `xml:"address"`
}

// summary is the device's name, addresses and compression.
func (d stDevice) summary() string {
	return strings.TrimSpace(d.Name + " " + strings.Join(d.Addresses, ",") + " " + d.Compression)
}

// folder is the folder labelled label, or a zero one.
func (c *stConfig) folder(label string) stFolder {
	for _, x := range c.Folders {
		if x.Label == label {
			return x
		}
	}
	return stFolder{}
}

// self is this device: config.xml lists the devices by ID, the remote
// one among them once it is added.
func (c *stConfig) self() stDevice {
	for _, x := range c.Devices {
		if x.ID != stRemoteID {
			return x
		}
	}
	return stDevice{}
}

// device is the device whose ID is id, or a zero one.
func (c *stConfig) device(id string) stDevice {
	for _, x := range c.Devices {
		if x.ID == id {
			return x
		}
	}
	return stDevice{}
}

// stWant checks one value of config.xml, as Syncthing wrote it (it saves
// a change a moment after the GUI posts it: a few tries).
func stWant(home, what string, get func(*stConfig) string, want string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for i := 0; i < 20; i++ {
			raw, err := os.ReadFile(filepath.Join(home, "config.xml"))
			if err != nil {
				return err
			}
			var c stConfig
			if err := xml.Unmarshal(raw, &c); err != nil {
				return fmt.Errorf("config.xml: %w", err)
			}
			if len(c.Devices) == 0 {
				return fmt.Errorf("config.xml lists no device")
			}
			if got = get(&c); got == want {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("config.xml: %s is %q, want %q", what, got, want)
	}
}

// stUsageReport: the GUI opens with the usage-report question as a
// dialog; the agent answers No.
func stUsageReport(ctx context.Context, s *session, w *wpSite) error {
	r, err := s.call(ctx, "navigate", map[string]any{"url": w.Base + "/"})
	if err != nil {
		return err
	}
	if r.IsError || r.Body.Observation == nil {
		return fmt.Errorf("navigate: %s", firstLine(r.Text))
	}
	obs := r.Body.Observation
	if !hasDialog(r.Text, `(?i)usage report`) {
		if obs, err = stDialog(ctx, s, `(?i)usage report`); err != nil {
			return err
		}
	}
	_, err = wpPress(ctx, s, obs, `(?i)^no( |$)`)
	return err
}

// stDialog waits for the dialog whose observation line matches re (the
// GUI draws its modals a moment after the page loads) and returns the
// observation that shows it.
func stDialog(ctx context.Context, s *session, re string) (*observation, error) {
	r, err := stObserveUntil(ctx, s, "dialog like "+re, func(r result) bool { return hasDialog(r.Text, re) })
	return r.Body.Observation, err
}

// stObserveUntil observes until ok holds for the observation, or
// stPatience has passed, as a person waits for what the page is about to
// show. Syncthing asks about usage reports once it has its report (GET
// /rest/svc/report, which it computes) and draws its folders once their
// status came; with the machine's two cores busy with three test
// packages, those came after three observes (some 9 s): settle counts a
// request in flight for 2 s at most.
func stObserveUntil(ctx context.Context, s *session, what string, ok func(result) bool) (result, error) {
	last := ""
	for start := time.Now(); time.Since(start) < stPatience; {
		r, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 3000}})
		if err != nil {
			return r, err
		}
		if r.IsError || r.Body.Observation == nil {
			return r, fmt.Errorf("observe: %s", firstLine(r.Text))
		}
		if ok(r) {
			return r, nil
		}
		last = r.Text
	}
	return result{}, fmt.Errorf("no %s is reported; the last observation:\n%s", what, clip(last, 1500))
}

// hasDialog says whether an observation's text reports an open dialog
// like re.
func hasDialog(text, re string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, ": dialog") || strings.Contains(l, "dialog \"") {
			if ok, _ := regexp.MatchString(re, l); ok {
				return true
			}
		}
	}
	return false
}

// stPatience bounds stObserveUntil's wait.
const stPatience = 30 * time.Second

// stAddFolder: Add Folder, its label and path in the modal, Save.
func stAddFolder(photos string) func(context.Context, *session, *wpSite) error {
	return func(ctx context.Context, s *session, w *wpSite) error {
		obs, err := wpOpen(ctx, s, w, "/")
		if err != nil {
			return err
		}
		r, err := wpPress(ctx, s, obs, `(?i)^add_folder`)
		if err != nil {
			return err
		}
		obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^folder_label`, stFolderLabel}, {`(?i)^folder_path`, photos}})
		if err != nil {
			return err
		}
		_, err = wpPress(ctx, s, obs, `(?i)^save( |$)`)
		return err
	}
}

// stPauseFolder: the Photos folder's panel (its heading opens it), Pause.
func stPauseFolder(ctx context.Context, s *session, w *wpSite) error {
	_, err := stPanelPress(ctx, s, w, `(?i)^pause( |$)`)
	return err
}

// stPanelPress presses the action like re in the Photos folder's open
// panel. When the panel shut between the observation and the press (the
// GUI draws its folder list anew when the config the last task saved
// comes back, late on a loaded machine, and a redrawn panel is shut),
// the act says ACTION_NOT_FOUND and lists what the page offers now: the
// panel is opened again and the action pressed once more, as a person
// who sees it shut does.
func stPanelPress(ctx context.Context, s *session, w *wpSite, re string) (result, error) {
	var r result
	var err error
	for try := 0; try < 2; try++ {
		if r, err = stPhotosPanel(ctx, s, w); err != nil {
			return r, err
		}
		if r, err = wpPress(ctx, s, r.Body.Observation, re); err == nil || !strings.Contains(err.Error(), "ACTION_NOT_FOUND") {
			return r, err
		}
	}
	return r, err
}

// stPhotosPanel opens the GUI and the Photos folder's panel (its heading
// opens it). A panel the GUI shows open already (its Edit listed) is not
// toggled shut, and one the heading's press left shut (the GUI redrew it
// under the click) is opened again, as a person who sees it closed does.
func stPhotosPanel(ctx context.Context, s *session, w *wpSite) (result, error) {
	r, err := s.call(ctx, "navigate", map[string]any{"url": w.Base + "/"})
	if err != nil {
		return r, err
	}
	if r.IsError || r.Body.Observation == nil {
		return r, fmt.Errorf("navigate /: %s", firstLine(r.Text))
	}
	// (a GUI still loading its folders' status shows no Photos yet)
	listed := func(r result) bool {
		for _, a := range r.Body.Observation.Actions {
			if a.Kind == "click" && !a.RecordParam && strings.Contains(strings.ToLower(a.Name+" "+a.Description), "photos") {
				return true
			}
		}
		return r.Body.Observation.Continuation != "" // (more actions: pressing finds it)
	}
	if !listed(r) {
		if r, err = stObserveUntil(ctx, s, "Photos folder", listed); err != nil {
			return r, err
		}
	}
	open := func(o *observation) bool {
		for _, a := range o.Actions {
			if a.Kind == "click" && !a.RecordParam && (a.Name == "edit" || strings.HasPrefix(a.Name, "edit ")) {
				return true
			}
		}
		return false
	}
	for try := 0; try < 2 && !open(r.Body.Observation); try++ {
		if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)photos`); err != nil {
			return r, err
		}
	}
	return r, nil
}

// stSettings opens the Settings dialog from the Actions menu.
func stSettings(ctx context.Context, s *session, w *wpSite) (*observation, error) {
	obs, err := wpOpen(ctx, s, w, "/")
	if err != nil {
		return nil, err
	}
	// (the menu's toggle is a link to nowhere, href="")
	menu, err := wpPick(ctx, s, obs, "", `(?i)^actions( |$)`, false)
	if err != nil {
		return nil, err
	}
	r, err := wpAct(ctx, s, menu, "", nil)
	if err != nil {
		return nil, err
	}
	link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"settings"$`)
	if err != nil {
		return nil, err
	}
	if r, err = wpAct(ctx, s, link, "", args); err != nil {
		return nil, err
	}
	if !hasDialog(r.Text, `(?i)settings`) {
		return nil, fmt.Errorf("no Settings dialog reported: %s", firstLine(r.Text))
	}
	return r.Body.Observation, nil
}

// stRenameDevice: Actions, Settings, Device Name, Save.
func stRenameDevice(ctx context.Context, s *session, w *wpSite) error {
	obs, err := stSettings(ctx, s, w)
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^device_name`, stDeviceName}}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)^save( |$)`)
	return err
}

// stGUISignIn: Actions, Settings, its GUI tab, the GUI's user name and
// password, Save.
func stGUISignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := stSettings(ctx, s, w)
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"gui"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)user`, stGUIUser}, {`(?i)password`, "Tide-Table-42"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)^save( |$)`)
	return err
}

// stIgnorePatterns: the Photos folder's panel, its Edit, the dialog's
// Ignore Patterns tab, a pattern typed into it, Save.
func stIgnorePatterns(ctx context.Context, s *session, w *wpSite) error {
	r, err := stPanelPress(ctx, s, w, `(?i)^edit( |$)`)
	if err != nil {
		return err
	}
	var args map[string]any
	tab, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^ignore_patterns`, false)
	if err != nil {
		if tab, args, err = pickLink(ctx, s, r.Body.Observation, `(?i)^"ignore patterns"$`); err != nil {
			return err
		}
	}
	if r, err = wpAct(ctx, s, tab, "", args); err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)ignore|pattern`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": "*.tmp"}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`)
	return err
}

// stWantIgnored checks that the folder's .stignore holds pattern
// (Syncthing writes it when the dialog saves; a few tries).
func stWantIgnored(folder, pattern string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for i := 0; i < 30; i++ {
			raw, err := os.ReadFile(filepath.Join(folder, ".stignore"))
			got = string(raw)
			if err == nil && strings.Contains(got, pattern) {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf(".stignore does not hold %q: %q", pattern, clip(got, 200))
	}
}

// stStrict keeps the first receipt that misleads the agent (an
// EXPECTATION_FAILED warning after an act whose effect is there to see),
// so a task goes on to its end and then fails with it.
type stStrict struct{ err error }

// choose picks the select like re in obs and chooses value in it; a
// receipt that says nothing changed is kept as the task's failure.
func (k *stStrict) choose(ctx context.Context, s *session, obs *observation, re, value string) (result, error) {
	a, err := wpPick(ctx, s, obs, "select", re, false)
	if err != nil {
		return result{}, err
	}
	r, err := wpAct(ctx, s, a, "", map[string]any{"value": value})
	if err != nil {
		return r, err
	}
	if w := r.Body.Result.Warning; k.err == nil && strings.HasPrefix(w, "EXPECTATION_FAILED") {
		k.err = fmt.Errorf("%s → %q: the receipt says %s", a.Name, value, clip(w, 120))
	}
	return r, nil
}

// stTab opens a dialog's tab by its label: a tab action, else one of a
// folded list of links (Bootstrap's tabs are links).
func stTab(ctx context.Context, s *session, obs *observation, label string) (result, error) {
	var args map[string]any
	tab, err := wpPick(ctx, s, obs, "", `(?i)^`+strings.ReplaceAll(strings.ToLower(label), " ", "_")+`( |$)`, false)
	if err != nil {
		if tab, args, err = pickLink(ctx, s, obs, `(?i)^"`+label+`"$`); err != nil {
			return result{}, err
		}
	}
	return wpAct(ctx, s, tab, "", args)
}

// stEditPhotos opens the Photos folder's panel and its Edit dialog.
func stEditPhotos(ctx context.Context, s *session, w *wpSite) (result, error) {
	return stPanelPress(ctx, s, w, `(?i)^edit( |$)`)
}

// stAddDevice: Add Remote Device, its long device ID and a name, the
// dialog's Advanced tab: the address (typed over "dynamic") and
// compression for all data, Save.
func stAddDevice(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^add_remote_device`)
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^device_id`, stRemoteID}, {`(?i)^device_name`, stRemoteName}}); err != nil {
		return err
	}
	if r, err = stTab(ctx, s, obs, "Advanced"); err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^address`, "tcp://" + stRemoteAddr}}); err != nil {
		return err
	}
	var k stStrict
	if r, err = k.choose(ctx, s, obs, `(?i)compression`, "All Data"); err != nil {
		return err
	}
	if _, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`); err != nil {
		return err
	}
	return k.err
}

// stFileVersioning: the Photos folder's Edit, its File Versioning tab,
// Simple File Versioning in its select, Keep Versions 10, Save.
func stFileVersioning(ctx context.Context, s *session, w *wpSite) error {
	r, err := stEditPhotos(ctx, s, w)
	if err != nil {
		return err
	}
	if r, err = stTab(ctx, s, r.Body.Observation, "File Versioning"); err != nil {
		return err
	}
	var k stStrict
	if r, err = k.choose(ctx, s, r.Body.Observation, `(?i)versioning`, "Simple File Versioning"); err != nil {
		return err
	}
	obs, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^keep_versions`, "10"}})
	if err != nil {
		return err
	}
	if _, err = wpPress(ctx, s, obs, `(?i)^save( |$)`); err != nil {
		return err
	}
	return k.err
}

// stRescanInterval: the Photos folder's Edit, its Advanced tab, the full
// rescan interval (a number field) 600 s, Save.
func stRescanInterval(ctx context.Context, s *session, w *wpSite) error {
	r, err := stEditPhotos(ctx, s, w)
	if err != nil {
		return err
	}
	if r, err = stTab(ctx, s, r.Body.Observation, "Advanced"); err != nil {
		return err
	}
	obs, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)rescan.interval`, "600"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)^save( |$)`)
	return err
}

// stGUITheme: Actions, Settings, its GUI tab, the Dark theme, Save (the
// GUI reloads in it).
func stGUITheme(ctx context.Context, s *session, w *wpSite) error {
	obs, err := stSettings(ctx, s, w)
	if err != nil {
		return err
	}
	r, err := stTab(ctx, s, obs, "GUI")
	if err != nil {
		return err
	}
	var k stStrict
	if r, err = k.choose(ctx, s, r.Body.Observation, `(?i)theme`, "Dark"); err != nil {
		return err
	}
	if _, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`); err != nil {
		return err
	}
	return k.err
}

// stRemoveFolder: the Photos folder's Edit, Remove, then Yes in the
// confirmation the GUI opens over the dialog.
func stRemoveFolder(ctx context.Context, s *session, w *wpSite) error {
	r, err := stEditPhotos(ctx, s, w)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^remove( |$)`); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^yes( |$)`)
	return err
}
