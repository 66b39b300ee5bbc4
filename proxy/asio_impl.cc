// The one translation unit that compiles Asio, Asio-SSL and Beast (separate compilation mode).
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
