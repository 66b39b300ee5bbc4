#include "offline/pr_curve.h"

#include <algorithm>
#include <cstdio>

namespace groundgate::offline {
namespace {

// The plot area inside the picture, in SVG units.
constexpr double kLeft = 56, kTop = 34, kSide = 300;
constexpr double kWidth = kLeft + kSide + 150, kHeight = kTop + kSide + 46;
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};

template <typename... Numbers>
std::string format(const char* pattern, Numbers... numbers) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, pattern, numbers...);
  return buffer;
}

double x_of(double recall) {
  return kLeft + recall * kSide;
}
double y_of(double precision) {
  return kTop + (1 - precision) * kSide;
}

void escape_into(std::string& out, std::string_view text) {
  for (char c : text) {
    if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else {
      out += c;
    }
  }
}

void axes(std::string& out) {
  out += format("<rect x=\"%.0f\" y=\"%.0f\" ", kLeft, kTop);
  out += format("width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#444\"/>\n", kSide, kSide);
  for (int i = 0; i <= 4; ++i) {
    const double v = i / 4.0;
    out += format("<line x1=\"%.1f\" y1=\"%.1f\" ", x_of(v), y_of(0));
    out += format("x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x_of(v), y_of(1));
    out += format("<line x1=\"%.1f\" y1=\"%.1f\" ", x_of(0), y_of(v));
    out += format("x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x_of(1), y_of(v));
    out += format("<text x=\"%.1f\" y=\"%.1f\" ", x_of(v), y_of(0) + 16);
    out += format("text-anchor=\"middle\">%.2f</text>\n", v);
    out += format("<text x=\"%.1f\" y=\"%.1f\" ", x_of(0) - 6, y_of(v) + 4);
    out += format("text-anchor=\"end\">%.2f</text>\n", v);
  }
  out += format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">recall</text>\n", x_of(0.5),
                y_of(0) + 34);
  out += format("<text x=\"14\" y=\"%.1f\" text-anchor=\"middle\" ", y_of(0.5));
  out += format("transform=\"rotate(-90 14 %.1f)\">precision</text>\n", y_of(0.5));
}

void series_into(std::string& out, const PrSeries& s, const char* colour, int row) {
  out += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"";
  out += colour;
  out += "\" points=\"";
  for (const PrPoint& p : s.curve)
    out += format("%.1f,%.1f ", x_of(p.recall), y_of(p.precision));
  out += "\"/>\n";
  if (s.operating) {
    out += format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"", x_of(s.operating->recall),
                  y_of(s.operating->precision));
    out += colour;
    out += "\" stroke=\"#000\"/>\n";
  }
  const double y = kTop + 14 + row * 36;
  out += format("<line x1=\"%.1f\" y1=\"%.1f\" ", kLeft + kSide + 12, y - 4);
  out += format("x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"2\" stroke=\"", kLeft + kSide + 30, y - 4);
  out += colour;
  out += format("\"/>\n<text x=\"%.1f\" y=\"%.1f\">", kLeft + kSide + 34, y);
  escape_into(out, s.name);
  out +=
      format("</text>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">", kLeft + kSide + 34, y + 14);
  out += format("AP %.3f</text>\n", average_precision(s.curve));
}

}  // namespace

std::vector<PrPoint> pr_curve(std::vector<ScoredTruth> items) {
  std::sort(items.begin(), items.end(),
            [](const ScoredTruth& a, const ScoredTruth& b) { return a.score > b.score; });
  double positives = 0;
  for (const ScoredTruth& item : items)
    positives += item.positive;
  std::vector<PrPoint> curve;
  if (positives == 0) return curve;
  double flagged = 0, right = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    flagged += 1;
    right += items[i].positive;
    if (i + 1 < items.size() && items[i + 1].score == items[i].score) continue;
    curve.push_back({items[i].score, right / flagged, right / positives});
  }
  return curve;
}

double average_precision(const std::vector<PrPoint>& curve) {
  double area = 0, recall = 0;
  for (const PrPoint& p : curve) {
    area += (p.recall - recall) * p.precision;
    recall = p.recall;
  }
  return area;
}

std::string pr_svg(std::string_view title, const std::vector<PrSeries>& series) {
  std::string out = format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" ", kWidth, kHeight);
  out += "font-family=\"sans-serif\" font-size=\"12\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  out += format("<text x=\"%.1f\" y=\"20\" font-size=\"14\" font-weight=\"bold\">", kLeft);
  escape_into(out, title);
  out += "</text>\n";
  axes(out);
  int row = 0;
  for (const PrSeries& s : series) {
    series_into(out, s, kColours[row % std::size(kColours)], row);
    ++row;
  }
  out += "</svg>\n";
  return out;
}

}  // namespace groundgate::offline
