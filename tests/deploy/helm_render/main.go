// helm_render renders a Helm chart's templates the way `helm template` does, for tests on a
// machine without Helm: Go's text/template with the Sprig functions (both what Helm itself
// uses) plus Helm's own include, tpl, required, toYaml and fromYaml. It covers what the
// groundgate chart uses; it is not a replacement for Helm.
//
//	helm_render CHART_DIR [-f VALUES.yaml]... [--set a.b=value]...
//
// Prints every rendered template as a YAML document ("# Source: ..." first), in file order.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

type chart struct {
	Name       string `yaml:"name"`
	Version    string `yaml:"version"`
	AppVersion string `yaml:"appVersion"`
}

func readYAML(path string) (map[string]interface{}, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}

// merge copies src into dst, merging maps key by key as Helm merges values files.
func merge(dst, src map[string]interface{}) {
	for k, v := range src {
		if sm, ok := v.(map[string]interface{}); ok {
			if dm, ok := dst[k].(map[string]interface{}); ok {
				merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}

// set applies "a.b.c=value" (value read as YAML: true, 3, text).
func set(values map[string]interface{}, assignment string) error {
	eq := strings.IndexByte(assignment, '=')
	if eq < 0 {
		return fmt.Errorf("--set %q: expected key=value", assignment)
	}
	var value interface{}
	if err := yaml.Unmarshal([]byte(assignment[eq+1:]), &value); err != nil {
		return err
	}
	keys := strings.Split(assignment[:eq], ".")
	m := values
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]interface{})
		if !ok {
			next = map[string]interface{}{}
			m[k] = next
		}
		m = next
	}
	m[keys[len(keys)-1]] = value
	return nil
}

func toYAML(v interface{}) string {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: helm_render CHART_DIR [-f VALUES.yaml]... [--set a.b=value]...")
		os.Exit(2)
	}
	dir := os.Args[1]
	values, err := readYAML(filepath.Join(dir, "values.yaml"))
	check(err)
	for i := 2; i < len(os.Args); i++ {
		switch os.Args[i] {
		case "-f":
			i++
			extra, err := readYAML(os.Args[i])
			check(err)
			merge(values, extra)
		case "--set":
			i++
			check(set(values, os.Args[i]))
		default:
			check(fmt.Errorf("unknown argument %q", os.Args[i]))
		}
	}
	var meta chart
	data, err := os.ReadFile(filepath.Join(dir, "Chart.yaml"))
	check(err)
	check(yaml.Unmarshal(data, &meta))
	top := map[string]interface{}{
		"Values":  values,
		"Release": map[string]interface{}{"Name": "release", "Namespace": "default", "Service": "Helm"},
		"Chart":   map[string]interface{}{"Name": meta.Name, "Version": meta.Version, "AppVersion": meta.AppVersion},
	}

	root := template.New("chart")
	funcs := sprig.TxtFuncMap()
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = func(s string) map[string]interface{} {
		out := map[string]interface{}{}
		_ = yaml.Unmarshal([]byte(s), &out)
		return out
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		err := root.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		t, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err = t.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		err = t.Execute(&buf, data)
		return buf.String(), err
	}
	funcs["required"] = func(message string, v interface{}) (interface{}, error) {
		if v == nil || v == "" {
			return nil, fmt.Errorf("%s", message)
		}
		return v, nil
	}
	root.Funcs(funcs).Option("missingkey=zero")

	files, err := filepath.Glob(filepath.Join(dir, "templates", "*"))
	check(err)
	sort.Strings(files)
	for _, f := range files {
		text, err := os.ReadFile(f)
		check(err)
		_, err = root.New(filepath.Base(f)).Parse(string(text))
		check(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		if strings.HasPrefix(name, "_") || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			continue
		}
		var buf bytes.Buffer
		check(root.ExecuteTemplate(&buf, name, top))
		out := strings.ReplaceAll(buf.String(), "<no value>", "")
		if strings.TrimSpace(out) == "" {
			continue
		}
		fmt.Printf("---\n# Source: %s/templates/%s\n%s\n", meta.Name, name, strings.Trim(out, "\n"))
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "helm_render:", err)
		os.Exit(1)
	}
}
