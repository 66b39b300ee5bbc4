{{- define "groundgate.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "groundgate.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "groundgate.labels" -}}
{{ include "groundgate.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- /* Where the pod mounts the config (a ConfigMap) and the listener's certificate (a Secret). */ -}}
{{- define "groundgate.configDir" -}}/etc/groundgate/config{{- end -}}
{{- define "groundgate.tlsDir" -}}/etc/groundgate/tls{{- end -}}
