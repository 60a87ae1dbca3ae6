#include "media_type.hpp"

#include <array>
#include <utility>

namespace toolhost::artifact_plugin {
namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 20> kByExtension{{
    {"txt", "text/plain"},        {"md", "text/markdown"},
    {"csv", "text/csv"},          {"tsv", "text/tab-separated-values"},
    {"html", "text/html"},        {"htm", "text/html"},
    {"css", "text/css"},          {"xml", "application/xml"},
    {"json", "application/json"}, {"yaml", "application/yaml"},
    {"yml", "application/yaml"},  {"svg", "image/svg+xml"},
    {"png", "image/png"},         {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},       {"gif", "image/gif"},
    {"webp", "image/webp"},       {"pdf", "application/pdf"},
    {"zip", "application/zip"},   {"mp4", "video/mp4"},
}};

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool is_textual(std::string_view type) {
  return type.starts_with("text/") || type == "application/json" || type == "application/xml" ||
         type == "application/yaml" || type == "image/svg+xml";
}

}  // namespace

std::string media_type_for_name(std::string_view name) {
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || dot + 1 == name.size()) return "application/octet-stream";
  const std::string extension = lower(name.substr(dot + 1));
  for (const auto& [ext, type] : kByExtension) {
    if (ext == extension) return std::string(type);
  }
  return "application/octet-stream";
}

std::string text_media_type_for_name(std::string_view name) {
  std::string type = media_type_for_name(name);
  return is_textual(type) ? type : "text/plain";
}

}  // namespace toolhost::artifact_plugin
