// Package harness lets a language model propose round one's times and question, while typed code decides what goes out.
package harness
