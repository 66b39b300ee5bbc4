# The nginx configs of the load scripts. Sourced, not run.
#
#   write_nginx_conf DIR LISTEN_PORT MOCK_PORT STREAMS MAIN_DIRECTIVES
#
# The proxy both load scripts compare against: a streaming reverse proxy in front of the mock
# (no buffering either way, HTTP/1.1 upstream with keep-alive).
# Writes DIR/nginx.conf (temporary files under DIR/tmp). MAIN_DIRECTIVES go first, in the
# main context: the process model (workers, master process) is the caller's.
write_nginx_conf() {
  local dir=$1 listen_port=$2 mock_port=$3 streams=$4 main=$5
  mkdir -p "$dir/tmp"
  cat >"$dir/nginx.conf" <<EOF
$main
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections $((streams * 2 + 1024)); }
http {
  access_log off;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  upstream mock {
    server 127.0.0.1:$mock_port;
    keepalive $((streams + 64));
    keepalive_requests 1000000;
    keepalive_timeout 300s;
  }
  server {
    listen 127.0.0.1:$listen_port backlog=4096;
    keepalive_requests 1000000;
    keepalive_timeout 300s;
    location / {
      proxy_pass http://mock;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
EOF
}

#   write_collector_conf DIR LISTEN_PORT
#
# A tracing collector stub for --tracing: answers 200 to every OTLP POST. Run it with
# `nginx -p DIR -c DIR/nginx.conf -g 'daemon off;'`.
write_collector_conf() {
  local dir=$1 listen_port=$2
  mkdir -p "$dir/tmp"
  cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/tmp;
  client_max_body_size 64m;
  server {
    listen 127.0.0.1:$listen_port;
    location / { return 200 '{}'; }
  }
}
EOF
}
