package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// jupyterBin is Debian's jupyter-notebook package (installed without its
// recommendations): the classic notebook, its kernel /usr/bin/python3's
// ipykernel.
const jupyterBin = "/usr/bin/jupyter-notebook"

// jpKnownFailing lists the Jupyter tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var jpKnownFailing = map[string]string{}

// jpTasks are a notebook user's first steps, each checked in the
// notebook folder's files. They run in one browser session and share the
// notebook's tab (nb.page, the handle the first task is given).
func jpTasks(dir string) []wpTask {
	nb := &jpNotebook{}
	kp := &jpKernel{}
	return []wpTask{
		{"new_notebook", "Untitled.ipynb in the notebook folder", nb.create, jpWantNotebook(filepath.Join(dir, "Untitled.ipynb"), "", "")},
		{"run_cell", "Untitled.ipynb: the cell's source and its output", nb.runCell, jpWantNotebook(filepath.Join(dir, "Untitled.ipynb"), "print(6*7)", "42\n")},
		{"rename", "harbour.ipynb (Untitled.ipynb gone)", nb.rename, kp.noting(jpWantRenamed(dir, "Untitled.ipynb", "harbour.ipynb"))},
		{"markdown_cell", "harbour.ipynb: a markdown cell", nb.markdownCell, jpWantMarkdown(filepath.Join(dir, "harbour.ipynb"), "# Tides")},
		{"restart_kernel", "the notebook's kernel (/api/sessions): a new process", nb.restartKernel, kp.wantRestarted},
		{"delete_file", "notes.txt gone, harbour.ipynb kept", jpDeleteFile, jpWantDeleted(dir, "notes.txt", "harbour.ipynb")},
		{"new_folder", "a folder tides (no Untitled Folder)", jpNewFolder, jpWantFolder(dir, "tides", "Untitled Folder")},
		{"edit_text_file", "harbour-log.txt's text", jpEditTextFile, jpWantText(filepath.Join(dir, jpLogFile), jpLogText+jpLogLine)},
		{"move_cell", "tides.ipynb: the cells' order", jpMoveCell, jpWantCells(filepath.Join(dir, jpCellsFile), "high = 6.12", "print(high - low)", "low = 0.4")},
		{"shutdown_notebook", "/api/sessions: harbour.ipynb's gone, tides.ipynb's kept", jpShutdownNotebook, jpWantSessions("tides.ipynb", "harbour.ipynb")},
	}
}

// TestJupyter runs Debian's Jupyter Notebook 6 on a temporary notebook
// folder (its config, data and runtime folders there too; no token, on
// loopback) and does a notebook user's first steps through `pling
// serve`: New → Python 3 (a tab the page opens), code typed into the
// cell (a CodeMirror 5 editor) and run, the notebook saved, then renamed
// by its title (a <span> jQuery makes clickable) in its dialog. Every
// outcome is checked in the notebook's file.
func TestJupyter(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	if _, err := os.Stat(jupyterBin); err != nil {
		t.Fatalf("the Jupyter corpus needs Debian's jupyter-notebook package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	site, stop, err := startJupyter(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "jupyter", jpTasks(filepath.Join(dir, "notebooks")), jpKnownFailing)
}

// startJupyter serves a notebook folder in dir on a free loopback port,
// Jupyter's own folders in dir too; stop ends the server and its kernels.
func startJupyter(ctx context.Context, dir string) (*wpSite, func(), error) {
	nbDir, home := filepath.Join(dir, "notebooks"), filepath.Join(dir, "home")
	for _, d := range []string{nbDir, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, nil, err
		}
	}
	// (a file for the list's delete task, one for the text editor's, a
	// notebook of three cells for the cells' task)
	for name, text := range map[string]string{"notes.txt": "tide tables\n", jpLogFile: jpLogText, jpCellsFile: jpCellsNotebook} {
		if err := os.WriteFile(filepath.Join(nbDir, name), []byte(text), 0o644); err != nil {
			return nil, nil, err
		}
	}
	port, err := freePort()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.Command(jupyterBin, "--no-browser", "--allow-root", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port),
		"--NotebookApp.token=", "--NotebookApp.password=", "--NotebookApp.port_retries=0", "--notebook-dir="+nbDir)
	cmd.Env = append(os.Environ(), "HOME="+home, "JUPYTER_CONFIG_DIR="+filepath.Join(home, "config"),
		"JUPYTER_DATA_DIR="+filepath.Join(home, "data"), "JUPYTER_RUNTIME_DIR="+filepath.Join(home, "runtime"), "IPYTHONDIR="+filepath.Join(home, "ipython"))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	logPath := filepath.Join(dir, "jupyter.log")
	stop, err := serveProcess(ctx, cmd, logPath, base+"/tree", "jupyter-notebook")
	if err != nil {
		return nil, nil, err
	}
	return &wpSite{Base: base, phpLog: logPath}, stop, nil
}

// jpNotebook is the notebook's tab, which the tasks share.
type jpNotebook struct{ page string }

// act runs an action in the notebook's tab, failing on an error or a
// receipt that is not ok. A row action (a cell's editor, once the
// notebook's cells are records) that folds one row runs on that row.
func (nb *jpNotebook) act(ctx context.Context, s *session, a *action, args map[string]any) (result, error) {
	req := map[string]any{"page": nb.page, "action": a.Name}
	if a.RecordParam && a.Folded == 1 && len(a.SampleIDs) == 1 {
		req["record"] = a.SampleIDs[0]
	}
	if args != nil {
		req["args"] = args
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return r, err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK || r.Body.Observation == nil {
		return r, fmt.Errorf("act %s: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// observe is the notebook tab's observation.
func (nb *jpNotebook) observe(ctx context.Context, s *session) (*observation, error) {
	r, err := s.call(ctx, "observe", map[string]any{"page": nb.page})
	if err != nil {
		return nil, err
	}
	if r.IsError || r.Body.Observation == nil {
		return nil, fmt.Errorf("observe the notebook: %s", firstLine(r.Text))
	}
	return r.Body.Observation, nil
}

// pick is the notebook's first action of kind ("" for any) whose name or
// description matches re, in its first observation slice: a page action,
// or a row action of one row (the one cell whose editor is like re).
func (nb *jpNotebook) pick(obs *observation, kind, re string) (*action, error) {
	rx := regexp.MustCompile(re)
	for i := range obs.Actions {
		a := &obs.Actions[i]
		if (kind == "" || a.Kind == kind) && (!a.RecordParam || a.Folded == 1) && rx.MatchString(a.Name+" "+a.Description) {
			return a, nil
		}
	}
	return nil, fmt.Errorf("no %s action like %s in the notebook (actions: %s)", kind, re, actionList(obs))
}

// create: the file list's New menu, Python 3; the result must show the
// tab the page opened, the new notebook (no observe of its own).
func (nb *jpNotebook) create(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^new`)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)python`); err != nil {
		return err
	}
	if len(r.Body.NewPages) != 1 {
		return fmt.Errorf("the receipt hands over %d tabs, want the notebook's: %s", len(r.Body.NewPages), clip(r.Text, 300))
	}
	nb.page = r.Body.NewPages[0]
	if r.Body.Page != nb.page || r.Body.Observation == nil {
		return fmt.Errorf("the result shows page %s, not the tab the action opened (%s): %s", r.Body.Page, nb.page, clip(r.Text, 300))
	}
	if obs = r.Body.Observation; !strings.HasPrefix(obs.Identity.Path, "/notebooks/") {
		return fmt.Errorf("the new tab shows %s, not a notebook", obs.Identity.Path)
	}
	return nil
}

// runCell: the notebook's cell (its one editor), code typed, Run, then
// Save and Checkpoint.
func (nb *jpNotebook) runCell(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	cell, err := nb.pick(obs, "type", `.`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, cell, map[string]any{"text": "print(6*7)"})
	if err != nil {
		return err
	}
	run, err := nb.pick(r.Body.Observation, "click", `(?i)^run( |$)`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, run, nil); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// save presses the notebook's Save and Checkpoint in obs.
func (nb *jpNotebook) save(ctx context.Context, s *session, obs *observation) error {
	save, err := nb.pick(obs, "click", `(?i)^save`)
	if err != nil {
		return err
	}
	_, err = nb.act(ctx, s, save, nil)
	return err
}

// rename: the notebook's title (it opens the rename dialog), the new
// name, Rename.
func (nb *jpNotebook) rename(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	title, err := nb.pick(obs, "click", `(?i)^untitled`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, title, nil)
	if err != nil {
		return err
	}
	name, err := nb.pick(r.Body.Observation, "type", `(?i)name`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, name, map[string]any{"text": "harbour"}); err != nil {
		return err
	}
	ok, err := nb.pick(r.Body.Observation, "click", `(?i)^rename( |$)`)
	if err != nil {
		return err
	}
	_, err = nb.act(ctx, s, ok, nil)
	return err
}

// jpWantNotebook checks a notebook file: it exists and, when source is
// set, its first cell holds source with a stream output text.
func jpWantNotebook(path, source, output string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for i := 0; i < 30; i++ {
			raw, err := os.ReadFile(path)
			if err == nil {
				var nb struct {
					Cells []struct {
						Source  any `json:"source"`
						Outputs []struct {
							Text any `json:"text"`
						} `json:"outputs"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				if source == "" {
					return nil
				}
				if len(nb.Cells) > 0 {
					c := nb.Cells[0]
					got = jpText(c.Source)
					if got == source && len(c.Outputs) > 0 && jpText(c.Outputs[0].Text) == output {
						return nil
					}
				}
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("%s: the first cell is %q with no output %q", filepath.Base(path), got, output)
	}
}

// jpText is a notebook's text field: a string or a list of lines.
func jpText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		var b strings.Builder
		for _, l := range t {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

// jpWantRenamed checks that the notebook file is there under its new name
// and gone under its old one.
// jpDeleteFile: in the file list (rows of divs, each with a checkbox:
// issue 18 pt 8) the row of notes.txt is selected, the toolbar's Delete
// that the selection shows is pressed, then the dialog's Delete.
func jpDeleteFile(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "notes.txt")
	if err != nil {
		return err
	}
	sel, err := wpPick(ctx, s, obs, "", `(?i)^(select|toggle)\b|checkbox`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, sel, rec.ID, nil)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^(delete|trash)`); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^delete`)
	return err
}

// jpWantDeleted: gone is no longer in the notebook folder, kept still is.
func jpWantDeleted(dir, gone, kept string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		// (the server deletes when the dialog's request lands: up to 5 s)
		for end := time.Now().Add(5 * time.Second); ; {
			_, err := os.Stat(filepath.Join(dir, gone))
			if os.IsNotExist(err) {
				break
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("%s is still there", gone)
			}
			time.Sleep(100 * time.Millisecond)
		}
		if _, err := os.Stat(filepath.Join(dir, kept)); err != nil {
			return fmt.Errorf("%s is gone too: %w", kept, err)
		}
		return nil
	}
}

func jpWantRenamed(dir, old, name string) func(context.Context, *wpSite) error {
	return func(context.Context, *wpSite) error {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return fmt.Errorf("no %s: %w", name, err)
		}
		if _, err := os.Stat(filepath.Join(dir, old)); err == nil {
			return fmt.Errorf("%s is still there", old)
		}
		return nil
	}
}

// markdownCell: a cell inserted below, its type Markdown, a heading typed
// into it (its editor, named for markup text now), Save.
func (nb *jpNotebook) markdownCell(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	ins, err := nb.pick(obs, "click", `(?i)^insert_cell_below`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, ins, nil)
	if err != nil {
		return err
	}
	kind, err := nb.pick(r.Body.Observation, "select", `(?i)cell.type`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, kind, map[string]any{"value": "Markdown"}); err != nil {
		return err
	}
	// (the cell that became Markdown says so in its name)
	cell, err := nb.pick(r.Body.Observation, "type", `(?i)markup|markdown`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, cell, map[string]any{"text": "# Tides"}); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// jpWantMarkdown checks that the notebook at path has a markdown cell
// whose source is source (the server writes the file on save; a few
// tries).
func jpWantMarkdown(path, source string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var cells []string
		for i := 0; i < 30; i++ {
			cells = nil
			raw, err := os.ReadFile(path)
			if err == nil {
				var nb struct {
					Cells []struct {
						Type   string `json:"cell_type"`
						Source any    `json:"source"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				for _, c := range nb.Cells {
					if c.Type == "markdown" && jpText(c.Source) == source {
						return nil
					}
					cells = append(cells, c.Type+": "+jpText(c.Source))
				}
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("%s: no markdown cell %q (cells: %q)", filepath.Base(path), source, cells)
	}
}

// What the second set of tasks work on (written by startJupyter).
const (
	jpLogFile   = "harbour-log.txt"
	jpLogText   = "tide tables\n"
	jpLogLine   = "high water 06:12"
	jpCellsFile = "tides.ipynb"
	// three code cells; the task moves the last one up
	jpCellsNotebook = `{"cells": [
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": ["high = 6.12"]},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": ["low = 0.4"]},
 {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [], "source": ["print(high - low)"]}
], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
`
)

// jpKernel is the notebook's kernel process before its restart, noted by
// the rename's check (the test's, not the agent's: the restart's check
// compares the process after with it; both agents' runs pass the rename).
type jpKernel struct {
	id  string
	pid int
}

// jpSession is one session of Jupyter's API: a notebook and its kernel.
type jpSession struct {
	Path   string `json:"path"`
	Kernel struct {
		ID    string `json:"id"`
		State string `json:"execution_state"`
	} `json:"kernel"`
}

// jpSessions is /api/sessions.
func jpSessions(ctx context.Context, w *wpSite) ([]jpSession, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.Base+"/api/sessions", nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var out []jpSession
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

// jpKernelPID is the process of the kernel whose id is id (its command
// line names its connection file, kernel-<id>.json), or 0.
func jpKernelPID(id string) int {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		raw, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(raw), "kernel-"+id+".json") {
			continue
		}
		var pid int
		if _, err := fmt.Sscanf(filepath.Base(filepath.Dir(p)), "%d", &pid); err == nil {
			return pid
		}
	}
	return 0
}

// note reads harbour.ipynb's kernel and its process (the session takes
// the notebook's new name a moment after the rename: a few tries).
func (k *jpKernel) note(ctx context.Context, w *wpSite) error {
	for end := time.Now().Add(5 * time.Second); ; {
		ss, err := jpSessions(ctx, w)
		if err != nil {
			return err
		}
		for _, s := range ss {
			if s.Path == "harbour.ipynb" {
				if k.id, k.pid = s.Kernel.ID, jpKernelPID(s.Kernel.ID); k.pid != 0 {
					return nil
				}
			}
		}
		if time.Now().After(end) || ctx.Err() != nil {
			return fmt.Errorf("no running kernel for harbour.ipynb (%d sessions)", len(ss))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// noting is check, then the kernel noted.
func (k *jpKernel) noting(check func(context.Context, *wpSite) error) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		if err := check(ctx, w); err != nil {
			return err
		}
		return k.note(ctx, w)
	}
}

// wantRestarted checks that the kernel runs in a new process (a restart
// keeps its id, its connection file and its session).
func (k *jpKernel) wantRestarted(ctx context.Context, w *wpSite) error {
	if k.id == "" {
		return fmt.Errorf("no kernel was noted before the restart")
	}
	for end := time.Now().Add(10 * time.Second); ; {
		pid := jpKernelPID(k.id)
		if pid != 0 && pid != k.pid {
			return nil
		}
		if time.Now().After(end) || ctx.Err() != nil {
			return fmt.Errorf("the kernel %s still runs as process %d (before the task: %d)", k.id, pid, k.pid)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// menuItem opens the notebook's menu (one of its menu bar's links) and
// the item in it whose name matches item.
func (nb *jpNotebook) menuItem(ctx context.Context, s *session, obs *observation, menu, item string) (result, error) {
	a, args, err := pickLink(ctx, s, obs, `(?i)^"`+menu+`"$`)
	if err != nil {
		return result{}, err
	}
	r, err := nb.act(ctx, s, a, args)
	if err != nil {
		return r, err
	}
	if a, args, err = pickLink(ctx, s, r.Body.Observation, item); err != nil {
		return r, err
	}
	return nb.act(ctx, s, a, args)
}

// restartKernel: the notebook's Kernel menu, Restart, and the dialog's
// Restart.
func (nb *jpNotebook) restartKernel(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	// (the item's name carries its shortcut: "Restart 0,0")
	r, err := nb.menuItem(ctx, s, obs, "kernel", `(?i)^"restart( [0-9,]+)?"$`)
	if err != nil {
		return err
	}
	if !hasDialog(r.Text, `(?i)restart`) {
		return fmt.Errorf("no restart dialog reported: %s", firstLine(r.Text))
	}
	ok, err := nb.pick(r.Body.Observation, "click", `(?i)^restart( |$)`)
	if err != nil {
		return err
	}
	_, err = nb.act(ctx, s, ok, nil)
	return err
}

// jpOpenFile opens a file of the list by its row's link: the page opens
// it in a tab, which the result shows (its handle and observation).
func jpOpenFile(ctx context.Context, s *session, w *wpSite, name string) (*jpNotebook, *observation, error) {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return nil, nil, err
	}
	rec, err := wpFind(ctx, s, obs, name)
	if err != nil {
		return nil, nil, err
	}
	open, err := wpPick(ctx, s, obs, "", `(?i)^open`, true)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.call(ctx, "act", map[string]any{"action": open.Name, "record": rec.ID})
	if err != nil {
		return nil, nil, err
	}
	if r.IsError || len(r.Body.NewPages) != 1 || r.Body.Page != r.Body.NewPages[0] || r.Body.Observation == nil {
		return nil, nil, fmt.Errorf("%s %s: the result does not show the one tab it opened: %s", open.Name, name, clip(r.Text, 300))
	}
	return &jpNotebook{page: r.Body.Page}, r.Body.Observation, nil
}

// jpNewFolder: New, Folder; the new folder's row selected, Rename
// selected, the name in the dialog, Rename.
func jpNewFolder(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^new( |$)`)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^folder( |$)`); err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "Untitled Folder")
	if err != nil {
		return err
	}
	sel, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^(select|toggle)\b|checkbox`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, sel, rec.ID, nil); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^rename`); err != nil {
		return err
	}
	obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)name`, "tides"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)^rename( |$)`)
	return err
}

// jpWantFolder: dir holds the folder name and not old.
func jpWantFolder(dir, name, old string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		for end := time.Now().Add(5 * time.Second); ; {
			fi, err := os.Stat(filepath.Join(dir, name))
			_, oerr := os.Stat(filepath.Join(dir, old))
			if err == nil && fi.IsDir() && os.IsNotExist(oerr) {
				return nil
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("folder %s: %v; %s: %v", name, err, old, oerr)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// jpEditTextFile: the text file opened from the list (its tab), a line
// added at the end of its editor, File → Save.
func jpEditTextFile(ctx context.Context, s *session, w *wpSite) error {
	ed, obs, err := jpOpenFile(ctx, s, w, jpLogFile)
	if err != nil {
		return err
	}
	// (the page's one editor)
	box, err := ed.pick(obs, "type", `.`)
	if err != nil {
		return err
	}
	r, err := ed.act(ctx, s, box, map[string]any{"text": jpLogLine, "append": true})
	if err != nil {
		return err
	}
	_, err = ed.menuItem(ctx, s, r.Body.Observation, "file", `(?i)^"save"$`)
	return err
}

// jpWantText: the file at path holds text (the server writes it on save).
func jpWantText(path, text string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for end := time.Now().Add(5 * time.Second); ; {
			raw, err := os.ReadFile(path)
			got = string(raw)
			if err == nil && strings.TrimRight(got, "\n") == text {
				return nil
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("%s holds %q, want %q", filepath.Base(path), got, text)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// jpMoveCell: tides.ipynb opened from the list (its tab), its last cell
// selected (a person clicks it), moved up, the notebook saved.
func jpMoveCell(ctx context.Context, s *session, w *wpSite) error {
	nb, obs, err := jpOpenFile(ctx, s, w, jpCellsFile)
	if err != nil {
		return err
	}
	const cell = "print(high - low)"
	// the cell: a record holding its text, or a click action named or
	// described by it
	var sel *action
	var rec string
	for i := range obs.Records.Shown {
		if holds(obs.Records.Shown[i], cell) {
			rec = obs.Records.Shown[i].ID
			for j := range obs.Actions {
				if a := &obs.Actions[j]; a.RecordParam && a.Kind == "click" && regexp.MustCompile(`(?i)select|click|focus`).MatchString(a.Name+" "+a.Description) {
					sel = a
				}
			}
		}
	}
	for i := range obs.Actions {
		if a := &obs.Actions[i]; sel == nil && a.Kind == "click" && strings.Contains(a.Name+" "+a.Description, cell) {
			sel = a
		}
	}
	if sel == nil {
		return fmt.Errorf("nothing selects the cell %q: no record holds it, no click action names it (actions: %s)", cell, actionList(obs))
	}
	req := map[string]any{"page": nb.page, "action": sel.Name}
	if rec != "" {
		req["record"] = rec
	}
	r, err := s.call(ctx, "act", req)
	if err != nil {
		return err
	}
	if r.IsError || r.Body.Observation == nil {
		return fmt.Errorf("act %s: %s", sel.Name, firstLine(r.Text))
	}
	up, err := nb.pick(r.Body.Observation, "click", `(?i)move.*up`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, up, nil); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// jpWantCells: the notebook at path's cells hold sources, in order.
func jpWantCells(path string, sources ...string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got []string
		for end := time.Now().Add(5 * time.Second); ; {
			got = nil
			if raw, err := os.ReadFile(path); err == nil {
				var nb struct {
					Cells []struct {
						Source any `json:"source"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				for _, c := range nb.Cells {
					got = append(got, jpText(c.Source))
				}
				if strings.Join(got, "\x00") == strings.Join(sources, "\x00") {
					return nil
				}
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("%s: cells %q, want %q", filepath.Base(path), got, sources)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// jpShutdownNotebook: the file list's Running tab, harbour.ipynb's row,
// its Shutdown.
func jpShutdownNotebook(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/tree")
	if err != nil {
		return err
	}
	tab, args, err := pickLink(ctx, s, obs, `(?i)^"running"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, tab, "", args)
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "harbour.ipynb")
	if err != nil {
		return err
	}
	stop, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^shut ?down`, true)
	if err != nil {
		return err
	}
	_, err = wpAct(ctx, s, stop, rec.ID, nil)
	return err
}

// jpWantSessions: the server runs a session for kept and none for gone.
func jpWantSessions(kept, gone string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		var paths []string
		for end := time.Now().Add(5 * time.Second); ; {
			ss, err := jpSessions(ctx, w)
			if err != nil {
				return err
			}
			paths = nil
			for _, s := range ss {
				paths = append(paths, s.Path)
			}
			if has(paths, kept) && !has(paths, gone) {
				return nil
			}
			if time.Now().After(end) || ctx.Err() != nil {
				return fmt.Errorf("/api/sessions: %q, want %s and not %s", paths, kept, gone)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}
